"""Redis stopped: confirming a result and playing a move both answer success (the writes are saved, their
follow-up tasks wait in the outbox); Redis started again: the standings are recomputed and the flag check is
queued and runs, once each. Everything real: gunicorn, a worker with beat, a redis-server of the test's own."""

from __future__ import annotations

import pytest
from django.db.models import Q
from rest_framework.authtoken.models import Token

from games.play.flags import FLAG_TASK
from outbox.models import Task
from tests.config.served import http, stop
from tests.faults.stack import Stack, wait_until
from tests.games.live_support import make_game
from tournaments.models import Game, StandingsSnapshot
from tournaments.tasks.standings import publish_standings


def _token(user) -> str:
    return Token.objects.get_or_create(user=user)[0].key


def _tasks(name: str, key: str):
    return Task.objects.filter(name=name, key=key)


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_with_redis_down_a_confirmation_and_a_move_succeed_and_their_tasks_run_once_redis_is_back(tmp_path):
    stack = Stack(tmp_path)
    reported, anna, bert = make_game(time_control="5m")
    played, wanda, _ = make_game(time_control="20s")  # the flag check is due soon after the move
    event_id = reported.round.event_id
    with stack.redis() as redis, stack.worker("worker"), stack.web() as base:
        report = {"result": "1-0", "termination": "checkmate"}
        status, body = http("POST", f"{base}/api/games/{reported.pk}/report/", report, _token(anna))
        assert status == 201, body
        stop(redis)
        confirmed = http("POST", f"{base}/api/games/{reported.pk}/report/confirm/", None, _token(bert))
        moved = http("POST", f"{base}/api/games/{played.pk}/moves/", {"move": "e4"}, _token(wanda))
        assert confirmed[0] == 200, confirmed
        assert moved[0] == 200, moved
        assert Game.objects.get(pk=reported.pk).result == "1-0"
        assert Game.objects.get(pk=played.pk).moves
        standings = _tasks(publish_standings.name, f"standings:{event_id}")
        flag = _tasks(FLAG_TASK, f"flag:{played.pk}")
        assert [t.state for t in standings] == [Task.State.WAITING] and "not sent" in standings.get().error
        assert [t.state for t in flag] == [Task.State.WAITING] and "not sent" in flag.get().error
        health = http("GET", f"{base}/healthz")
        assert health[0] == 503 and "broker" in health[1]["down"]

        with stack.redis():
            wait_until(
                lambda: StandingsSnapshot.objects.filter(event_id=event_id, results_version__gte=1).exists(),
                60,
                "the standings recomputed\n" + stack.logs(),
            )
            wait_until(lambda: flag.filter(state=Task.State.SUCCEEDED).exists(), 60, "the flag check run\n" + stack.logs())
            after = http("GET", f"{base}/healthz")
    assert standings.count() == 1 and flag.count() == 1  # queued once each
    assert standings.get().runs == 1 and flag.get().runs == 1  # and run once each
    assert StandingsSnapshot.objects.get(event_id=event_id).results_version == 1
    assert after[0] == 200 and after[1]["checks"]["broker"] == "ok"
    # Nothing else of these writes is still waiting to be sent.
    ours = Q(key__startswith="standings:") | Q(key__startswith="flag:")
    assert not Task.objects.filter(ours, state=Task.State.WAITING).exists()
