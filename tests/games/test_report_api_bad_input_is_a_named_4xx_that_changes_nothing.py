"""Bad reports: a 4xx whose JSON names the field and the reason; never a 500; nothing changes."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.models import ResultReport
from tests.games.report_api_support import client_for
from tests.scoring import db
from tournaments.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup():
    ev = db.event(scoring="dynamic", variant_key="rvc")
    anna, bert, carl = db.user("anna"), db.user("bert"), db.user("carl")
    game = db.game(ev, db.player(account=anna, ev=ev), db.player(account=bert, ev=ev))
    return {"ev": ev, "game": game, "anna": client_for(anna), "bert": client_for(bert), "carl": client_for(carl)}


def assert_unchanged(game):
    game.refresh_from_db()
    assert (game.result, game.result_status, game.white_points) == ("", "", None)
    assert not ResultReport.objects.exists()


def report(client, game, body):
    return client.post(f"/api/games/{game.pk}/report/", body, format="json")


def test_reporting_a_game_one_does_not_play_is_403_naming_the_game(setup):
    response = report(setup["carl"], setup["game"], {"result": "1-0", "termination": "checkmate"})
    assert response.status_code == 403
    assert "game" in response.json()["errors"]
    assert_unchanged(setup["game"])


def test_an_unknown_game_is_404_naming_the_game(setup):
    response = report(setup["anna"], setup["game"].__class__(pk=999999), {"result": "1/2-1/2", "termination": "agreement"})
    assert response.status_code == 404
    assert "999999" in response.json()["errors"]["game"][0]


def test_a_game_of_an_unpublished_round_is_404(setup):
    rnd = setup["game"].round
    rnd.status = "paired"
    rnd.save()
    response = report(setup["anna"], setup["game"], {"result": "1-0", "termination": "checkmate"})
    assert response.status_code == 404
    assert_unchanged(setup["game"])


@pytest.mark.parametrize("field", ["white_points", "black_points", "points"])
def test_points_instead_of_a_result_are_refused_by_name(setup, field):
    response = report(setup["anna"], setup["game"], {field: 100, "termination": "checkmate"})
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert field in errors and "computed by the server" in errors[field][0]
    assert_unchanged(setup["game"])


def test_a_missing_or_unknown_result_or_termination_is_named(setup):
    assert "result" in report(setup["anna"], setup["game"], {"termination": "checkmate"}).json()["errors"]
    response = report(setup["anna"], setup["game"], {"result": "white_wins", "termination": "checkmate"})
    assert response.status_code == 400 and "result" in response.json()["errors"]
    for termination in ("", "mate", None):
        response = report(setup["anna"], setup["game"], {"result": "1-0", "termination": termination})
        assert response.status_code == 400 and "termination" in response.json()["errors"], termination
    assert_unchanged(setup["game"])


def test_a_termination_impossible_in_the_variant_is_named(setup):
    response = report(setup["anna"], setup["game"], {"result": "1-0", "termination": "far-rank"})
    assert response.status_code == 400
    assert "far-rank" in response.json()["errors"]["termination"][0]
    assert_unchanged(setup["game"])


def test_a_malformed_position_is_named():
    ev = db.event(scoring="dynamic", variant_key="sscc")
    anna = db.user()
    game = db.game(ev, db.player(account=anna, ev=ev), db.player(ev=ev))
    body = {"result": "1/2-1/2", "termination": "agreement", "position": "8/8/8 not a fen"}
    response = report(client_for(anna), game, body)
    assert response.status_code == 400
    assert "position" in response.json()["errors"]
    assert_unchanged(game)


def test_a_result_the_scoring_contradicts_names_the_result(setup):
    ev = db.event(scoring="classical", variant_key="chess")
    anna = db.user()
    game = db.game(ev, db.player(account=anna, ev=ev), db.player(ev=ev))
    response = report(client_for(anna), game, {"result": "1-0", "termination": "agreement"})
    assert response.status_code == 400
    assert "result" in response.json()["errors"]


def test_wrong_json_types_are_a_400_not_a_500(setup):
    for body in ([1, 2], "text", {"result": ["1-0"], "termination": {"x": 1}}, {"result": None}):
        response = setup["anna"].post(f"/api/games/{setup['game'].pk}/report/", body, format="json")
        assert response.status_code == 400, body
    assert_unchanged(setup["game"])


def test_one_cannot_confirm_ones_own_report(setup):
    report(setup["anna"], setup["game"], {"result": "1-0", "termination": "checkmate"})
    response = setup["anna"].post(f"/api/games/{setup['game'].pk}/report/confirm/")
    assert response.status_code == 403 and "report" in response.json()["errors"]
    assert Game.objects.get(pk=setup["game"].pk).result == ""


def test_answering_with_nothing_reported_is_a_409_naming_why(setup):
    for answer in ("confirm", "dispute"):
        response = setup["bert"].post(f"/api/games/{setup['game'].pk}/report/{answer}/")
        assert response.status_code == 409 and "nothing has been reported" in response.json()["errors"]["game"][0]
    assert_unchanged(setup["game"])


def test_reporting_against_a_final_result_is_a_409(setup):
    from tournaments.services.results import record_result

    record_result(setup["game"], result="1-0", termination="resignation")
    response = report(setup["bert"], setup["game"], {"result": "0-1", "termination": "resignation"})
    assert response.status_code == 409 and "final" in response.json()["errors"]["game"][0]


def test_only_arbiters_enter_results(setup):
    response = setup["carl"].post(
        f"/api/games/{setup['game'].pk}/result/", {"result": "1-0", "termination": "checkmate"}, format="json"
    )
    assert response.status_code == 403
    assert_unchanged(setup["game"])


def test_an_arbiters_bad_entry_is_named(setup):
    setup["ev"].arbiters.add(db.user("arb"))
    client = client_for(setup["ev"].arbiters.get())
    response = client.post(f"/api/games/{setup['game'].pk}/result/", {"result": "0-0", "termination": "checkmate"}, format="json")
    assert response.status_code == 400 and "result" in response.json()["errors"]
    response = client.post(f"/api/games/{setup['game'].pk}/result/", {"result": "1-0", "white_points": 3}, format="json")
    assert response.status_code == 400 and "white_points" in response.json()["errors"]
    assert_unchanged(setup["game"])


def test_without_a_token_it_is_401(setup):
    response = APIClient().post(f"/api/games/{setup['game'].pk}/report/", {"result": "1/2-1/2"}, format="json")
    assert response.status_code == 401


@pytest.mark.parametrize("suffix", ["report/", "report/confirm/", "report/dispute/", "result/", "reports/"])
def test_an_id_beyond_any_integer_column_is_a_404(setup, suffix):
    response = setup["anna"].post(f"/api/games/{10**30}/{suffix}", {}, format="json")
    if suffix == "reports/":
        response = setup["anna"].get(f"/api/games/{10**30}/{suffix}")
    assert response.status_code == 404
