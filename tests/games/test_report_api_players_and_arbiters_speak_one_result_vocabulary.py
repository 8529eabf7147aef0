"""One result vocabulary: a player's report and an arbiter's entry are the same body (``result`` as PGN writes it and
its ``termination``), the answers speak it too, and the old ``outcome`` field is a 400 naming it, never ignored."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.models import ResultReport
from tests.games.report_api_support import client_for
from tests.scoring import db
from tournaments.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def board():
    organizer = db.user("organizer")
    ev = db.event(scoring="classical", variant_key="chess", organizer=organizer)
    anna, bert = db.user("anna"), db.user("bert")
    game = db.game(ev, db.player(account=anna, ev=ev), db.player(account=bert, ev=ev))
    return {"game": game, "white": client_for(anna), "black": client_for(bert), "arbiter": client_for(organizer)}


def _unchanged(game: Game) -> None:
    game.refresh_from_db()
    assert (game.result, game.result_status) == ("", "")
    assert not ResultReport.objects.filter(game=game).exists()


@pytest.mark.parametrize("path", ["report/", "result/"])
def test_the_old_outcome_field_is_a_400_naming_it(board, path):
    client = board["white"] if path == "report/" else board["arbiter"]
    body = {"outcome": "draw", "result": "1/2-1/2", "termination": "agreement"}
    response = client.post(f"/api/games/{board['game'].pk}/{path}", body, format="json")
    assert response.status_code == 400
    reason = response.json()["errors"]["outcome"][0]
    assert "renamed to result" in reason and "1/2-1/2" in reason
    _unchanged(board["game"])


def test_a_report_in_the_old_words_alone_is_refused_by_name(board):
    response = board["white"].post(
        f"/api/games/{board['game'].pk}/report/", {"outcome": "white_wins", "termination": "checkmate"}, format="json"
    )
    assert response.status_code == 400 and set(response.json()["errors"]) == {"outcome"}
    _unchanged(board["game"])


@pytest.mark.parametrize("answer", ["confirm", "dispute"])
def test_an_answer_carrying_a_result_is_refused_by_name(board, answer):
    board["white"].post(f"/api/games/{board['game'].pk}/report/", {"result": "1-0", "termination": "resignation"}, format="json")
    for field in ("result", "outcome"):
        response = board["black"].post(f"/api/games/{board['game'].pk}/report/{answer}/", {field: "0-1"}, format="json")
        assert response.status_code == 400 and "carries no result" in response.json()["errors"][field][0]
    assert ResultReport.objects.get(game=board["game"]).status == ResultReport.Status.PENDING


def test_the_same_body_reports_and_decides_and_every_answer_speaks_it(board):
    game = board["game"]
    body = {"result": "0-1", "termination": "resignation"}
    reported = board["white"].post(f"/api/games/{game.pk}/report/", body, format="json")
    assert reported.status_code == 201
    assert (reported.json()["result"], reported.json()["termination"]) == ("0-1", "resignation")
    assert "outcome" not in reported.json()

    decided = board["arbiter"].post(f"/api/games/{game.pk}/result/", body, format="json")
    assert decided.status_code == 200
    assert (decided.json()["result"], decided.json()["termination"], decided.json()["state"]) == ("0-1", "resignation", "final")
    listed = board["black"].get(f"/api/games/{game.pk}/reports/").json()
    rows = listed["results"] if isinstance(listed, dict) else listed
    assert [(r["result"], r["status"]) for r in rows] == [("0-1", "settled")]
    detail = APIClient().get(f"/api/games/{game.pk}/").json()
    assert (detail["result"], detail["termination"], detail["state"]) == ("0-1", "resignation", "final")
    mine = board["white"].get("/api/me/games/").json()
    mine = mine["results"] if isinstance(mine, dict) else mine
    assert [(g["result"], g["termination"], g["state"]) for g in mine] == [("0-1", "resignation", "final")]


def test_a_double_forfeit_is_said_the_same_way_by_both(board):
    game = board["game"]
    body = {"result": "0-0", "termination": "forfeit"}
    assert board["white"].post(f"/api/games/{game.pk}/report/", body, format="json").status_code == 201
    assert board["black"].post(f"/api/games/{game.pk}/report/", body, format="json").json()["status"] == "confirmed"
    game.refresh_from_db()
    assert (game.result, game.termination, game.white_points, game.black_points) == ("0-0", "forfeit", 0, 0)


def test_the_schema_gives_players_and_arbiters_one_request_body():
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    bodies = {}
    for path, operations in schema["paths"].items():
        for suffix in ("/report/", "/result/"):
            if path.endswith(suffix):
                bodies[suffix] = operations["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    assert bodies["/report/"] == bodies["/result/"]
    component = schema["components"]["schemas"][bodies["/report/"].rsplit("/", 1)[1]]
    assert component["required"] == ["result", "termination"]
    enums = {name: _enum(schema, prop) for name, prop in component["properties"].items() if name in ("result", "termination")}
    assert enums["result"] == ["1-0", "0-1", "1/2-1/2", "0-0"]
    assert "checkmate" in enums["termination"] and "" not in enums["termination"]


def _enum(schema: dict, prop: dict) -> list:
    """The enum of a property, following drf-spectacular's $ref / allOf to a named enum component."""
    ref = prop.get("$ref") or next((p["$ref"] for p in prop.get("allOf", []) if "$ref" in p), None)
    return schema["components"]["schemas"][ref.rsplit("/", 1)[1]]["enum"] if ref else prop["enum"]
