"""A disputed game (docs/game-states.md) refuses moves, resigning, offers, claims and the arbiter's clock with a 409
naming the dispute, and changes nothing; only an arbiter's result settles it. Reported before as a bug: a game with
disputed reports still accepted moves."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.play.flags import check_flag
from games.play.moves import submit_move
from games.tasks.flag import check_flag_task
from tests.games.state_support import PLAY_REQUESTS, assert_refused, board
from tournaments.models import Game

pytestmark = pytest.mark.django_db


def test_after_a_dispute_every_play_request_is_a_409_naming_the_dispute():
    b = board()
    assert b.report(b.white).status_code == 201
    assert b.post(b.black, "report/dispute/", {"comment": "I never resigned"}).status_code == 200
    before = b.snapshot()
    for path, body in PLAY_REQUESTS.values():
        for client in (b.white, b.black):
            assert_refused(b.post(client, path, body), "disputed", "arbiter")
    assert_refused(b.post(b.arbiter, "clock/", {"action": "pause"}), "disputed")
    assert b.snapshot() == before
    assert Game.objects.get(pk=b.game.pk).state == "disputed"


def test_contradicting_reports_are_a_dispute_that_refuses_moves_and_confirmations():
    b = board()
    b.report(b.white, "1-0")
    assert b.report(b.black, "0-1").json()["status"] == "disputed"
    assert_refused(b.post(b.white, "moves/", {"move": "e4"}), "disputed")
    assert_refused(b.post(b.black, "report/confirm/"), "disputed", "arbiter")
    assert not Game.objects.get(pk=b.game.pk).moves


def test_the_arbiters_result_settles_the_dispute_and_the_game_is_then_over():
    b = board()
    b.report(b.white)
    b.post(b.black, "report/dispute/")
    decided = b.post(b.arbiter, "result/", {"result": "0-1", "termination": "time-forfeit"})
    assert decided.status_code == 200 and decided.json()["state"] == "final"
    assert_refused(b.post(b.white, "moves/", {"move": "e4"}), "the game is over")


def test_a_game_disputed_while_live_refuses_moves_and_no_flag_ends_it():
    # A live game can be disputed: a live ending the scoring could not score, or a report made during play before
    # reports of a game in play were refused. Its clock may still be stored as running.
    b = board(time_control="1m")
    now = timezone.now()
    submit_move(b.game.pk, b.game.white.user, "e4", now=now)
    Game.objects.filter(pk=b.game.pk).update(result_status=Game.ResultStatus.DISPUTED)
    before = b.snapshot()
    assert_refused(b.post(b.black, "moves/", {"move": "e5"}), "disputed")
    assert check_flag(b.game.pk, now + timedelta(minutes=5)) is False
    assert check_flag_task(b.game.pk) == "settling"  # the flag task does not re-arm itself for it either
    assert b.snapshot() == before
    assert Game.objects.get(pk=b.game.pk).status == Game.Status.LIVE
