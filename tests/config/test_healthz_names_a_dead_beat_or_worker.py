"""/healthz names a dead beat or a dead worker within 30 s of its death, whether or not a task waits, from the
heartbeats beat sends every ten seconds and a worker runs (config.heartbeats); with tasks run eagerly (no broker)
neither applies. The times are given, so the rules are checked without waiting; the worker-marked test
test_heartbeats_of_a_real_beat_and_worker.py watches real processes die."""

from __future__ import annotations

import time

import pytest

from config.heartbeats import BEAT_LATE, INTERVAL, note_ran, note_sent, states


def _alive_until(death: float, start: float = 0.0) -> None:
    """Beat and a worker both alive from ``start`` to ``death`` (beat sends every INTERVAL, the worker runs it)."""
    at = start
    while at <= death:
        note_sent(at)
        note_ran("w@host", at + 0.05)
        at += INTERVAL


@pytest.mark.django_db
def test_beat_and_a_worker_alive_are_ok():
    _alive_until(100)
    assert states(now=105) == ("ok", "ok")


@pytest.mark.django_db
@pytest.mark.parametrize("died_after_last_tick", [0.0, 3.0, 9.9])
def test_a_dead_worker_is_named_within_30_seconds_while_beat_keeps_sending(died_after_last_tick):
    _alive_until(100)  # the last heartbeat run at 100.05; the worker dies after it
    death = 100.05 + died_after_last_tick
    at = 110.0
    while states(now=at)[1] == "ok":
        note_sent(at)  # beat alone: nobody runs it
        at += 0.5
        assert at < death + 60
    beat, worker = states(now=at)
    assert beat == "ok" and worker.startswith("down: a heartbeat sent"), worker
    assert at - death <= 30


@pytest.mark.django_db
def test_a_dead_beat_is_named_within_30_seconds_and_the_worker_is_then_unknown():
    _alive_until(100)  # beat dies right after its tick at 100
    assert states(now=100 + BEAT_LATE - 1) == ("ok", "ok")
    beat, worker = states(now=100 + BEAT_LATE + 0.5)
    assert beat.startswith("down: beat sent its last heartbeat") and BEAT_LATE + 0.5 <= 30
    assert worker.startswith("unknown: beat sends no heartbeat")  # nothing to run: alive or not, nobody can tell


@pytest.mark.django_db
def test_nothing_ever_sent_names_beat_down():
    beat, worker = states(now=time.time())
    assert beat.startswith("down: beat has sent no heartbeat yet") and worker.startswith("unknown")


@pytest.mark.django_db
def test_healthz_names_them_and_still_answers_200(client, settings, monkeypatch):
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:6379/0"
    monkeypatch.setattr("config.health._broker", lambda: "ok")
    now = time.time()
    note_sent(now - 40)  # beat's last tick 40 s ago, not run since
    response = client.get("/healthz")
    assert response.status_code == 200  # the web serves: taking it out of rotation would bring nothing back
    body = response.json()
    assert {"beat", "worker"} <= set(body["down"]) and body["status"] == "degraded"
    note_sent(now)
    note_ran("w@host", now)
    assert client.get("/healthz").json()["checks"] | {"beat": "ok", "worker": "ok"} == client.get("/healthz").json()["checks"]


@pytest.mark.django_db
def test_with_tasks_run_eagerly_beat_and_workers_do_not_apply(client, settings):
    settings.CELERY_BROKER_URL = ""
    checks = client.get("/healthz").json()["checks"]
    assert checks["beat"].startswith("not applicable") and checks["worker"].startswith("not applicable")
