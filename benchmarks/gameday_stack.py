"""The served stack a game day plays on, and the faults it injects into it.

The stack is the production topology of `make stack` (deploy.stack.Stack): nginx routing ``/ws/`` to two uvicorn
processes and everything else to gunicorn, a Celery worker and exactly one beat, on PostgreSQL and a Redis server
of the game day's own (broker, cache and channel layer), so that restarting that Redis touches nobody else. The bots,
the spectators and the director all go through the proxy.

The faults are the ones a director meets: the worker killed (SIGKILL, with its children) and started again, Redis
stopped and started (no persistence: what it held is gone, as after a crash), every database connection of the
stack terminated (``pg_terminate_backend``), as a PostgreSQL failover does.
"""

from __future__ import annotations

import signal
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from deploy import stack as topology
from deploy.services import answers, wait_until


@dataclass
class StackConfig:
    database_url: str
    redis_port: int = 6441
    port_base: int = 8670  # nginx on it, gunicorn on the next, the two uvicorn processes on the two after
    redis_dbs: tuple[int, int] = (4, 7)  # the broker's; the cache's and the channel layer's
    web_workers: int = 2
    workdir: Path = field(default_factory=lambda: Path("/tmp/gameday"))


def database_name(url: str) -> str:
    return urlsplit(url).path.strip("/")


def admin_url(url: str) -> str:
    return urlsplit(url)._replace(path="/postgres").geturl()


def drop_database(url: str, create: bool = False) -> None:
    """Drop (and with ``create`` create anew) the game day's database; a name without ``gameday`` in it is refused
    (never someone else's data)."""
    import psycopg

    name = database_name(url)
    if "gameday" not in name:
        raise SystemExit(f"refusing to drop {name!r}: the game day's database name must contain 'gameday'")
    with psycopg.connect(admin_url(url), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if create:
            conn.execute(f'CREATE DATABASE "{name}"')


class Stack:
    """Start, stop and hurt one served stack."""

    def __init__(self, config: StackConfig) -> None:
        self.config = config
        base = config.port_base
        broker, shared = config.redis_dbs
        parts = urlsplit(config.database_url)
        self.topology = topology.Stack(
            port=base, web_port=base + 1, socket_ports=(base + 2, base + 3), database=database_name(config.database_url),
            postgres=parts._replace(path="").geturl(), redis="private", redis_dbs=(broker, shared, shared),
            runtime=config.workdir, web_workers=config.web_workers, demo=False, quiet=True,
            # one address logs every organizer in; the limit is not what is measured
            env={"LOGIN_THROTTLE": "100000/min", "LOG_LEVEL": "ERROR"},
        )  # fmt: skip
        self.topology.redis_port = config.redis_port  # the game day's own port, not a free one
        self.http_url = self.topology.url
        self.ws_url = self.http_url.replace("http://", "ws://", 1)

    def env(self) -> dict[str, str]:
        """The settings of the stack's Django processes (the director's set-up runs Django on them too)."""
        return self.topology.settings()

    def start(self) -> None:
        """A fresh database, then the whole topology; returns once /healthz answers 200 through the proxy."""
        if answers("127.0.0.1", self.config.redis_port):
            raise SystemExit(f"port {self.config.redis_port} is taken: the game day runs a Redis of its own there")
        drop_database(self.config.database_url, create=True)
        self.topology.start()

    def shutdown(self) -> None:
        self.topology.stop()

    def log_tail(self, name: str) -> str:
        return self.topology.tail(name, 40)

    def dead(self) -> list[str]:
        """The processes that stopped on their own (a crash the game day must report)."""
        return [name for name in self.topology.processes if self.topology.exited(name)]

    # --- faults --------------------------------------------------------------------------------------------
    def kill_worker(self) -> None:
        """SIGKILL the worker and its pool: what it held unacknowledged is delivered again to the next (acks_late)."""
        self.topology.stop_process("worker", signal.SIGKILL, grace=10)

    def start_worker(self) -> None:
        self.topology.start_process("worker")

    def restart_redis(self, down_seconds: float = 1.0) -> None:
        """Stop Redis (SIGTERM, no persistence: its data is gone), wait, start it again on the same port."""
        self.topology.stop_process("redis")
        wait_until(lambda: not answers("127.0.0.1", self.config.redis_port), down_seconds + 5)
        time.sleep(down_seconds)
        self.topology.start_process("redis")
        if not wait_until(lambda: answers("127.0.0.1", self.config.redis_port), 15):
            raise RuntimeError(f"redis-server did not come back on {self.config.redis_port}{self.topology.tail('redis')}")

    def terminate_database_connections(self) -> int:
        """``pg_terminate_backend`` every connection to the stack's database but this one; how many there were."""
        import psycopg

        with psycopg.connect(admin_url(self.config.database_url), autocommit=True) as conn:
            rows = conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
                [database_name(self.config.database_url)],
            ).fetchall()
        return len(rows)
