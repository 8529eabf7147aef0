"""Disputes are settled in one place: whatever writes the arbiter's result (the result grid's service, the admin's
"accept", the API) closes every open report of the game as ``settled``, with the decision and who made it; a
player's confirmation stays ``confirmed``. GET /api/games/{id}/reports/ shows both."""

from __future__ import annotations

import pytest

from games.models import ResultReport
from tests.games.report_api_support import client_for
from tests.scoring import db
from tournaments.services.result_grid import enter_results

pytestmark = pytest.mark.django_db


@pytest.fixture
def board():
    organizer = db.user("director")
    ev = db.event(scoring="classical", variant_key="chess", organizer=organizer)
    anna, bert = db.user("anna"), db.user("bert")
    white = db.player("Anna Berger", account=anna, ev=ev)
    black = db.player("Bert Kowalski", account=bert, ev=ev)
    game = db.game(ev, white, black)
    return {"game": game, "white": client_for(anna), "black": client_for(bert), "organizer": organizer}


def _dispute(board) -> None:
    game = board["game"]
    board["white"].post(f"/api/games/{game.pk}/report/", {"result": "1-0", "termination": "resignation"}, format="json")
    board["black"].post(f"/api/games/{game.pk}/report/", {"result": "0-1", "termination": "resignation"}, format="json")
    assert set(game.reports.values_list("status", flat=True)) == {"disputed"}


def test_the_result_grid_settles_both_disputed_reports(board):
    _dispute(board)
    game = board["game"]
    enter_results(game.round, [{"board": game.board, "result": "1/2-1/2", "termination": "agreement"}], by=board["organizer"])
    reports = board["black"].get(f"/api/games/{game.pk}/reports/").json()["results"]
    assert [(r["status"], r["settled_by"], r["decision"]) for r in reports] == [
        ("settled", "director", "1/2-1/2 (agreement, 0.5-0.5)")
    ] * 2
    game.refresh_from_db()
    assert (game.result, game.result_status) == ("1/2-1/2", "final")


def test_the_api_settles_with_the_arbiters_words(board):
    _dispute(board)
    game = board["game"]
    body = {"result": "1-0", "termination": "resignation", "comment": "Bert resigned in front of me"}
    assert client_for(board["organizer"]).post(f"/api/games/{game.pk}/result/", body, format="json").status_code == 200
    report = game.reports.first()
    assert report.status == ResultReport.Status.SETTLED and report.settled_by == board["organizer"]
    assert report.decision == "1-0 (resignation, 1-0): Bert resigned in front of me"


def test_a_confirmed_report_stays_confirmed_and_a_pending_one_is_settled_by_an_arbiter(board):
    game = board["game"]
    board["white"].post(f"/api/games/{game.pk}/report/", {"result": "1-0", "termination": "resignation"}, format="json")
    assert board["black"].post(f"/api/games/{game.pk}/report/confirm/").status_code == 200
    assert list(game.reports.values_list("status", "settled_by")) == [("confirmed", None)]

    other = db.game(game.round.event, game.black, game.white, board=2)
    board["black"].post(f"/api/games/{other.pk}/report/", {"result": "1-0", "termination": "resignation"}, format="json")
    enter_results(other.round, [{"board": 2, "result": "1-0", "termination": "resignation"}], by=board["organizer"])
    assert list(other.reports.values_list("status", "settled_by")) == [("settled", board["organizer"].pk)]
