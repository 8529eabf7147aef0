"""The report flow over the real API: report, idempotent retry, confirm, dispute, arbiter decision."""

from __future__ import annotations

from decimal import Decimal

import pytest

from games.models import ResultReport
from tests.games.report_api_support import client_for
from tests.scoring import db
from tournaments.models import Game, StandingsSnapshot

pytestmark = pytest.mark.django_db

WHITE_AHEAD = "4k3/3q4/8/8/8/8/R2Q3p/4K3 w - - 0 60"


@pytest.fixture
def board():
    organizer = db.user("organizer")
    ev = db.event(scoring="dynamic", variant_key="sscc", organizer=organizer)
    anna, bert = db.user("anna"), db.user("bert")
    white = db.player("Anna Berger", account=anna, ev=ev)
    black = db.player("Bert Kowalski", account=bert, ev=ev)
    game = db.game(ev, white, black)
    return {"game": game, "white": client_for(anna), "black": client_for(bert), "arbiter": client_for(organizer)}


def url(game, suffix=""):
    return f"/api/games/{game.pk}/report/{suffix}"


def test_my_games_lists_the_players_games_with_both_players(board):
    games = board["white"].get("/api/me/games/").json()["results"]
    assert len(games) == 1
    row = games[0]
    assert row["id"] == board["game"].pk
    assert row["white"]["name"] == "Anna Berger" and row["seat"] == "white"
    assert "username" not in row["white"] and "username" not in row["black"]
    assert row["result"] == ""
    assert row["event"] == board["game"].round.event.slug and row["round"] == 1


def test_a_report_then_a_confirmation_makes_the_result_final(board, django_capture_on_commit_callbacks):
    game = board["game"]
    sent = board["white"].post(url(game), {"result": "1-0", "termination": "checkmate"}, format="json")
    assert sent.status_code == 201
    assert sent.json()["status"] == "pending"
    assert (sent.json()["white_points"], sent.json()["black_points"]) == (100.0, 0.0)
    game.refresh_from_db()
    assert game.result == "" and game.result_status == Game.ResultStatus.REPORTED

    with django_capture_on_commit_callbacks(execute=True):
        confirmed = board["black"].post(url(game, "confirm/"), format="json")
    assert confirmed.status_code == 200
    assert confirmed.json()["status"] == "confirmed"
    game.refresh_from_db()
    assert (game.result, game.termination, game.result_status) == ("1-0", "checkmate", "final")
    assert (game.white_points, game.black_points) == (Decimal("100"), Decimal("0"))
    assert board["white"].get("/api/me/games/").json()["results"][0]["result"] == "1-0"
    # Publishing ran (eagerly in tests): the snapshot has the points.
    rows = StandingsSnapshot.objects.get(event=game.round.event).data["rows"]
    assert rows[0]["name"] == "Anna Berger" and rows[0]["points"] == 100.0


def test_identical_retries_return_the_same_answer_and_duplicate_nothing(board):
    game = board["game"]
    body = {"result": "1/2-1/2", "termination": "agreement", "position": "4k3/3r4/8/8/8/8/3R4/4K3 w - - 0 60"}
    first = board["white"].post(url(game), body, format="json")
    second = board["white"].post(url(game), body, format="json")
    assert (first.status_code, first.json()) == (second.status_code, second.json())
    assert ResultReport.objects.filter(game=game).count() == 1

    confirm_1 = board["black"].post(url(game, "confirm/"))
    confirm_2 = board["black"].post(url(game, "confirm/"))
    assert confirm_1.status_code == confirm_2.status_code == 200
    assert confirm_1.json() == confirm_2.json()
    game.refresh_from_db()
    assert (game.result, game.white_points) == ("1/2-1/2", Decimal("50"))


def test_the_server_computes_material_points_from_the_position(board):
    game = board["game"]
    sent = board["black"].post(url(game), {"result": "1-0", "termination": "agreement", "position": WHITE_AHEAD}, format="json")
    assert sent.status_code == 201
    assert (sent.json()["white_points"], sent.json()["black_points"]) == (51.0, 49.0)


def test_a_dispute_waits_for_the_arbiter_who_decides(board):
    game = board["game"]
    board["white"].post(url(game), {"result": "1-0", "termination": "resignation"}, format="json")
    disputed = board["black"].post(url(game, "dispute/"), {"comment": "I never resigned"}, format="json")
    assert disputed.status_code == 200
    assert disputed.json()["status"] == "disputed"
    game.refresh_from_db()
    assert game.result_status == Game.ResultStatus.DISPUTED and game.result == ""
    # Confirming a disputed report is no longer possible.
    assert board["black"].post(url(game, "confirm/")).status_code == 409

    decided = board["arbiter"].post(
        f"/api/games/{game.pk}/result/", {"result": "0-1", "termination": "time-forfeit"}, format="json"
    )
    assert decided.status_code == 200
    assert decided.json()["result"] == "0-1" and decided.json()["black_points"] == 100.0
    settled = ResultReport.objects.get(game=game)
    assert settled.status == ResultReport.Status.SETTLED and settled.settled_by.username == "organizer"
    reports = board["arbiter"].get(f"/api/games/{game.pk}/reports/").json()["results"]
    assert (reports[0]["status"], reports[0]["settled_by"]) == ("settled", "organizer")
    assert reports[0]["decision"] == "0-1 (time-forfeit, 0-100)"


def test_both_players_reporting_the_same_result_confirms_it(board):
    game = board["game"]
    body = {"result": "0-1", "termination": "time-forfeit"}
    board["white"].post(url(game), body, format="json")
    second = board["black"].post(url(game), body, format="json")
    assert second.json()["status"] == "confirmed"
    game.refresh_from_db()
    assert game.result == "0-1" and game.result_status == "final"


def test_contradicting_reports_become_a_dispute(board):
    game = board["game"]
    board["white"].post(url(game), {"result": "1-0", "termination": "checkmate"}, format="json")
    second = board["black"].post(url(game), {"result": "0-1", "termination": "checkmate"}, format="json")
    assert second.json()["status"] == "disputed"
    game.refresh_from_db()
    assert game.result_status == Game.ResultStatus.DISPUTED
    assert set(ResultReport.objects.values_list("status", flat=True)) == {"disputed"}


def test_a_new_report_supersedes_the_reporters_earlier_one(board):
    game = board["game"]
    board["white"].post(url(game), {"result": "1-0", "termination": "checkmate"}, format="json")
    board["white"].post(url(game), {"result": "1-0", "termination": "resignation"}, format="json")
    statuses = dict(ResultReport.objects.values_list("termination", "status"))
    assert statuses == {"checkmate": "superseded", "resignation": "pending"}
    board["black"].post(url(game, "confirm/"))
    game.refresh_from_db()
    assert game.termination == "resignation"


def test_an_organizer_accepts_a_disputed_report_from_the_admin(board, client):
    from django.contrib.auth import get_user_model

    game = board["game"]
    board["white"].post(url(game), {"result": "1-0", "termination": "resignation"}, format="json")
    board["black"].post(url(game, "dispute/"), format="json")
    report = ResultReport.objects.get(game=game)
    staff = get_user_model().objects.create_superuser("boss", "boss@example.org", "pw-boss-12345")
    client.force_login(staff)
    listing = client.get("/admin/games/resultreport/?status__exact=disputed")
    assert listing.status_code == 200 and str(game.white) in listing.content.decode()
    client.post("/admin/games/resultreport/", {"action": "accept_reports", "_selected_action": [report.pk]})
    game.refresh_from_db()
    assert (game.result, game.result_status) == ("1-0", "final")
    accepted = ResultReport.objects.get(pk=report.pk)
    assert (accepted.status, accepted.settled_by) == (ResultReport.Status.SETTLED, staff)
