"""A game in play on the server (docs/game-states.md) ends on the board, by resignation, an agreed draw, a claim,
the flag or an arbiter: a report, a confirmation or a dispute of it is a 409 naming why, and changes nothing."""

from __future__ import annotations

import pytest

from tests.games.state_support import assert_refused, board
from tournaments.models import Game

pytestmark = pytest.mark.django_db


def test_reports_and_answers_of_a_game_in_play_are_refused():
    b = board()
    assert b.post(b.white, "moves/", {"move": "e4"}).status_code == 200
    assert b.white.get(f"/api/games/{b.game.pk}/").json()["state"] == "in-play"
    before = b.snapshot()
    assert_refused(b.report(b.white, "1-0", "resignation"), "in play", "resignation")
    assert_refused(b.report(b.black, "1/2-1/2", "agreement"), "in play")
    assert_refused(b.post(b.black, "report/confirm/"), "in play")
    assert_refused(b.post(b.black, "report/dispute/"), "in play")
    assert b.snapshot() == before


def test_the_game_in_play_ends_by_play_and_moves_on_until_then():
    b = board()
    b.post(b.white, "moves/", {"move": "e4"})
    assert b.post(b.black, "moves/", {"move": "e5"}).status_code == 200
    assert b.post(b.black, "resign/").status_code == 200
    game = Game.objects.get(pk=b.game.pk)
    assert (game.state, game.result, game.termination) == ("final", "1-0", "resignation")
