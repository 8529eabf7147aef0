"""A flag falls while no worker runs and nobody reads the game; when a worker starts, the game is finished, and
finished at the instant the flag fell, not when the worker (or a reader) noticed."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.authtoken.models import Token

from tests.config.served import http
from tests.faults.stack import Stack, wait_until
from tests.games.live_support import make_game
from tournaments.models import Game


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_flag_that_fell_with_no_worker_ends_the_game_at_the_flags_time(tmp_path):
    stack = Stack(tmp_path)
    game, white, _ = make_game(time_control="3s")
    token = Token.objects.create(user=white).key
    with stack.redis():
        with stack.web() as base:
            moved = http("POST", f"{base}/api/games/{game.pk}/moves/", {"move": "e4"}, token)  # Black's 3 s start
            assert moved[0] == 200, moved
        fell = Game.objects.values_list("flag_deadline", flat=True).get(pk=game.pk)
        assert fell is not None
        time.sleep(max(0.0, (fell - timezone.now()).total_seconds()) + 4)  # no worker, no reader: nothing happens
        assert Game.objects.get(pk=game.pk).status == Game.Status.LIVE
        worker_started = timezone.now()
        with stack.worker("late"):
            wait_until(
                lambda: Game.objects.filter(pk=game.pk, status=Game.Status.FINISHED).exists(),
                60,
                "the game finished by the worker\n" + stack.logs(),
            )
    row = Game.objects.values("result", "termination", "finished_at").get(pk=game.pk)
    assert (row["result"], row["termination"]) == ("1-0", "time-forfeit")
    assert abs(row["finished_at"] - fell) < timedelta(milliseconds=2), (row["finished_at"], fell)
    assert row["finished_at"] < worker_started - timedelta(seconds=3)
