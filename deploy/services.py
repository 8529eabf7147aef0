"""The services the stack needs and does not own: PostgreSQL and Redis, started if missing as `.ci/run` does, and the
stack's own database, created if missing. Nothing here stops them: they outlive the stack, as they would in
production (a managed PostgreSQL and Redis)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path
from urllib.parse import urlsplit


class StackError(RuntimeError):
    """The stack could not start: the message names what and why (with the tail of the log that says it)."""


def answers(host: str, port: int, timeout: float = 0.5) -> bool:
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def wait_until(check, seconds: float, step: float = 0.2) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(step)
    return check()


def ensure_postgres(url: str) -> None:
    """PostgreSQL at ``url`` answers; a local cluster that does not is started with pg_ctlcluster (.ci/run)."""
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 5432
    if answers(host, port):
        return
    clusters = Path("/etc/postgresql")
    if host in ("127.0.0.1", "localhost") and shutil.which("pg_ctlcluster") and clusters.is_dir():
        version = sorted(p.name for p in clusters.iterdir())[0]
        subprocess.run(["pg_ctlcluster", "--skip-systemctl-redirect", version, "main", "start"], check=False, capture_output=True)
    if not wait_until(lambda: answers(host, port), 30, 0.5):
        raise StackError(f"no PostgreSQL on {host}:{port} (and none could be started here)")


def ensure_redis(url: str) -> None:
    """Redis at ``url`` answers PING; a local one that does not is started as .ci/run starts it (a daemon)."""
    import redis

    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 6379

    def ping() -> bool:
        try:
            return bool(redis.Redis(host=host, port=port, socket_connect_timeout=0.5).ping())
        except redis.RedisError:
            return False

    if ping():
        return
    if host in ("127.0.0.1", "localhost") and shutil.which("redis-server"):
        subprocess.run(
            ["redis-server", "--daemonize", "yes", "--bind", "127.0.0.1", "--port", str(port), "--save", "",
             "--appendonly", "no"],
            check=False, capture_output=True,
        )  # fmt: skip
    if not wait_until(ping, 30, 0.5):
        raise StackError(f"no Redis on {host}:{port} (and none could be started here)")


def ensure_database(url: str) -> bool:
    """Create the database ``url`` names unless it exists; True when it was created."""
    import psycopg

    parts = urlsplit(url)
    name = parts.path.strip("/")
    with psycopg.connect(parts._replace(path="/postgres").geturl(), autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            return False
        conn.execute(f'CREATE DATABASE "{name}"')
    return True


def drop_database(url: str) -> None:
    import psycopg

    parts = urlsplit(url)
    with psycopg.connect(parts._replace(path="/postgres").geturl(), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{parts.path.strip("/")}" WITH (FORCE)')


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
