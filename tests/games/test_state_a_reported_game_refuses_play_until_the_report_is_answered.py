"""A reported game (docs/game-states.md) refuses moves, play actions and clock changes with a 409 naming the
report, until the opponent confirms (the result is final) or disputes it; the reporter may replace the report."""

from __future__ import annotations

import pytest

from tests.games.state_support import PLAY_REQUESTS, assert_refused, board
from tournaments.models import Game

pytestmark = pytest.mark.django_db


def test_a_pending_report_refuses_every_play_request_of_both_players():
    b = board()
    assert b.report(b.white, "1/2-1/2", "agreement").status_code == 201
    before = b.snapshot()
    for path, body in PLAY_REQUESTS.values():
        for client in (b.white, b.black):
            assert_refused(b.post(client, path, body), "reported", "confirmation or dispute")
    assert_refused(b.post(b.arbiter, "clock/", {"action": "pause"}), "reported")
    assert b.snapshot() == before
    assert b.white.get(f"/api/games/{b.game.pk}/").json()["state"] == "reported"


def test_the_reporter_may_replace_the_report_and_the_opponent_then_confirms_it():
    b = board()
    b.report(b.white, "1-0", "resignation")
    assert b.report(b.white, "1-0", "checkmate").status_code == 201
    confirmed = b.post(b.black, "report/confirm/")
    assert confirmed.status_code == 200 and confirmed.json()["termination"] == "checkmate"
    game = Game.objects.get(pk=b.game.pk)
    assert (game.state, game.result, game.termination) == ("final", "1-0", "checkmate")
    assert_refused(b.post(b.black, "moves/", {"move": "e4"}), "the game is over")
