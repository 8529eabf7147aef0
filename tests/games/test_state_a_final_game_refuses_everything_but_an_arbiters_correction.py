"""A final game (docs/game-states.md) refuses moves, play actions, clock changes, reports, confirmations and
disputes with a 409 naming why; a late confirmation never overwrites the result of record. An arbiter may still
correct it."""

from __future__ import annotations

import pytest

from games.models import ResultReport
from tests.games.state_support import PLAY_REQUESTS, assert_refused, board
from tournaments.models import Game, PairingChange
from tournaments.services.results import record_result

pytestmark = pytest.mark.django_db


def test_a_final_game_refuses_every_request_of_the_players_and_the_clock():
    b = board()
    b.report(b.white, "1-0", "resignation")
    confirmed = b.post(b.black, "report/confirm/")
    before = b.snapshot()
    for path, body in PLAY_REQUESTS.values():
        assert_refused(b.post(b.white, path, body), "the game is over", "arbiter")
    assert_refused(b.post(b.arbiter, "clock/", {"action": "pause"}), "the game is over")
    assert_refused(b.report(b.black, "0-1", "resignation"), "the game is over")
    assert_refused(b.post(b.white, "report/confirm/"), "the game is over")
    assert_refused(b.post(b.black, "report/dispute/"), "the game is over")
    # The opponent's identical retry of the confirmation is answered as the first time (idempotent).
    again = b.post(b.black, "report/confirm/")
    assert (again.status_code, again.json()) == (200, confirmed.json())
    assert b.snapshot() == before


def test_a_report_still_pending_when_the_game_became_final_cannot_overwrite_it():
    b = board()
    game = b.game
    ResultReport.objects.create(
        game=game, reporter=game.black.user, result="0-1", termination="resignation", white_points=0, black_points=1
    )
    record_result(game, result="1-0", termination="time-forfeit")  # e.g. the game ended on the server meanwhile
    assert_refused(b.post(b.white, "report/confirm/"), "the game is over")
    game.refresh_from_db()
    assert (game.result, game.termination) == ("1-0", "time-forfeit")


def test_an_arbiter_corrects_a_final_result_and_the_correction_is_audited():
    b = board()
    b.report(b.white, "1-0", "resignation")
    b.post(b.black, "report/confirm/")
    corrected = b.post(b.arbiter, "result/", {"result": "1/2-1/2", "termination": "agreement"})
    assert corrected.status_code == 200
    assert (corrected.json()["result"], corrected.json()["state"]) == ("1/2-1/2", "final")
    assert Game.objects.get(pk=b.game.pk).result == "1/2-1/2"
    assert PairingChange.objects.filter(action="result-corrected").exists()
