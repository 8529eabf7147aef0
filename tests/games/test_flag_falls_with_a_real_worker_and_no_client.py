"""With a real Celery worker (run by .ci/run): the flag falls with no client reading or moving."""

from __future__ import annotations

import time

import pytest

from games.play.moves import submit_move
from tests.games.live_support import make_game
from tournaments.models import Game


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_flag_falls_on_the_worker_with_no_client():
    from django.conf import settings

    assert settings.CELERY_BROKER_URL, "worker tests need CELERY_BROKER_URL"
    game, white, _ = make_game(time_control="3s")
    submit_move(game.pk, white, "e4")  # Black's 3 s start now; the commit queues the flag task for the deadline
    row = Game.objects.filter(pk=game.pk).values("status", "flag_deadline").get()
    assert row["status"] == "live" and row["flag_deadline"] is not None
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        # Read the row directly: the API would check the clock itself, and this test wants no client at all.
        row = Game.objects.filter(pk=game.pk).values("status", "result", "termination").get()
        if row["status"] == "finished":
            break
        time.sleep(0.25)
    assert row == {"status": "finished", "result": "1-0", "termination": "time-forfeit"}
