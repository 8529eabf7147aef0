"""A deployment of our own for the fault tests: a private redis-server, Celery workers (with beat) and gunicorn,
all on the test database, so a test can stop and start each part without touching anything shared.

The test database must be PostgreSQL (several processes share it; pytest-django's SQLite test database lives in
the test process's memory). The machine's own Redis on 6379 is never used: the redis-server here runs on a free
port of its own and is stopped with the test.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection

from tests.config.served import BIN, app_env, free_port, gunicorn, redis_server, started


def database_url() -> str:
    """The URL of the test database this test process uses (what the other processes must use too)."""
    if connection.vendor != "postgresql":
        pytest.skip("fault tests share the test database between processes: they need PostgreSQL (DATABASE_URL)")
    s = connection.settings_dict
    auth = quote(s["USER"] or "postgres") + (f":{quote(s['PASSWORD'])}" if s["PASSWORD"] else "")
    return f"postgres://{auth}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{connection.settings_dict['NAME']}"


def wait_until(check: Callable[[], object], timeout: float, what: str, step: float = 0.25) -> object:
    """Poll ``check`` until it returns something true (returned), failing with ``what`` after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while True:
        found = check()
        if found:
            return found
        assert time.monotonic() < deadline, f"not within {timeout} s: {what}"
        time.sleep(step)


class Stack:
    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.redis_port = free_port()
        self.queue = f"faults-{uuid.uuid4().hex[:8]}"
        self.env = app_env(
            DATABASE_URL=database_url(),
            DB_CONN_MAX_AGE="0",
            CELERY_BROKER_URL=f"redis://127.0.0.1:{self.redis_port}/0",
            CACHE_URL=f"redis://127.0.0.1:{self.redis_port}/1",  # as in docker-compose.yml: one Redis for both
            CELERY_QUEUE=self.queue,
            LOG_LEVEL="INFO",
        )

    @contextmanager
    def redis(self) -> Iterator[object]:
        with redis_server(self.redis_port, self.tmp / "redis.log") as process:
            yield process

    @contextmanager
    def worker(self, name: str) -> Iterator[object]:
        """A worker with beat embedded (the outbox sender and the flag sweep), ready when it says so."""
        log = self.tmp / f"worker-{name}.log"
        command = [
            str(BIN / "celery"), "-A", "config", "worker", "-Q", self.queue, "--pool=solo", "--loglevel=INFO",
            "-n", f"{name}-{uuid.uuid4().hex[:6]}@%h", "--beat", "--schedule", str(self.tmp / f"beat-{name}"),
        ]  # fmt: skip
        before = log.read_text() if log.exists() else ""
        with started(command, self.env, log, lambda: " ready." in log.read_text()[len(before) :], timeout=90) as process:
            yield process

    @contextmanager
    def web(self) -> Iterator[str]:
        with gunicorn(self.env, self.tmp / "web.log", workers=1) as base:
            yield base

    def logs(self) -> str:
        return "\n".join(f"--- {p.name}\n{p.read_text()[-4000:]}" for p in sorted(self.tmp.glob("*.log")))
