"""Real processes: a worker and a separate beat on a redis-server of the test's own. Both alive, /healthz says so;
the worker killed (SIGKILL), /healthz names it within 30 s while nothing else waits; a new worker, and it is ok
again; beat killed, /healthz names beat within 30 s."""

from __future__ import annotations

import time
import uuid
from contextlib import contextmanager

import pytest

from tests.config.served import BIN, kill_hard, started
from tests.faults.stack import Stack, wait_until

DETECTED_WITHIN = 30


@contextmanager
def _process(stack: Stack, kind: str, name: str):
    log = stack.tmp / f"{name}.log"
    if kind == "beat":
        command = [str(BIN / "celery"), "-A", "config", "beat", "--loglevel=INFO", "--schedule", str(stack.tmp / "beat")]
        ready = lambda: "beat: Starting" in log.read_text()  # noqa: E731
    else:
        command = [str(BIN / "celery"), "-A", "config", "worker", "-Q", stack.queue, "--pool=solo", "--loglevel=INFO",
                   "-n", f"{name}-{uuid.uuid4().hex[:6]}@%h"]  # fmt: skip
        ready = lambda: " ready." in log.read_text()  # noqa: E731
    with started(command, stack.env, log, ready, timeout=90) as process:
        yield process


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_killed_worker_and_a_killed_beat_are_each_named_within_30_seconds(tmp_path, client, settings, monkeypatch):
    stack = Stack(tmp_path)
    settings.CELERY_BROKER_URL = stack.env["CELERY_BROKER_URL"]  # what this process's /healthz looks at

    def checks() -> dict:
        return client.get("/healthz").json()["checks"]

    with stack.redis(), _process(stack, "beat", "beat") as beat, _process(stack, "worker", "worker-1") as worker:
        wait_until(lambda: checks()["beat"] == checks()["worker"] == "ok", 60, "beat and worker ok\n" + stack.logs())
        kill_hard(worker)
        killed = time.monotonic()
        found = wait_until(lambda: checks()["worker"].startswith("down"), 60, "the worker named down\n" + stack.logs())
        assert time.monotonic() - killed <= DETECTED_WITHIN, found
        assert checks()["beat"] == "ok"

        with _process(stack, "worker", "worker-2"):
            wait_until(lambda: checks()["worker"] == "ok", 60, "a new worker ok\n" + stack.logs())
            kill_hard(beat)
            killed = time.monotonic()
            wait_until(lambda: checks()["beat"].startswith("down"), 60, "beat named down\n" + stack.logs())
            assert time.monotonic() - killed <= DETECTED_WITHIN
