"""The served stack a game day plays on, and the faults it injects into it.

HTTP is served by gunicorn (WSGI, gthread), the sockets by uvicorn (ASGI), with a Celery worker and exactly one
beat, on PostgreSQL and a Redis server of the game day's own (broker, cache and channel layer), so that restarting
that Redis touches nobody else. Without the proxy the bots address the two servers apart (``http_url`` and
``ws_url``); behind one they are the same URL.

The faults are the ones a director meets: the worker killed (SIGKILL) and started again, Redis stopped and started
(no persistence: what it held is gone, as after a crash), every database connection of the stack terminated
(``pg_terminate_backend``), as a PostgreSQL failover does.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / ".venv" / "bin"
PY = str(BIN / "python")
QUEUE = "gameday"


@dataclass
class StackConfig:
    database_url: str
    redis_port: int = 6441
    port_base: int = 8670  # gunicorn on it, uvicorn on the next
    redis_dbs: tuple[int, int] = (4, 7)  # broker; cache and channel layer
    web_workers: int = 2
    web_threads: int = 4
    socket_workers: int = 1
    workdir: Path = field(default_factory=lambda: Path("/tmp/gameday"))


def port_open(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def wait_for_port(port: int, what: str, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if port_open(port):
            return
        time.sleep(0.2)
    raise RuntimeError(f"{what} did not listen on port {port} within {seconds:.0f} s")


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
    """Start, stop and hurt the processes of one served stack (all children of this process)."""

    def __init__(self, config: StackConfig) -> None:
        self.config = config
        self.web_port, self.socket_port = config.port_base, config.port_base + 1
        self.http_url = f"http://127.0.0.1:{self.web_port}"
        self.ws_url = f"ws://127.0.0.1:{self.socket_port}"
        self.processes: dict[str, subprocess.Popen] = {}
        config.workdir.mkdir(parents=True, exist_ok=True)

    # --- environment ---------------------------------------------------------------------------------------
    def redis_url(self, db: int) -> str:
        return f"redis://127.0.0.1:{self.config.redis_port}/{db}"

    def env(self) -> dict[str, str]:
        broker, shared = self.config.redis_dbs
        env = {key: value for key, value in os.environ.items() if not key.startswith(("CELERY_", "CHANNEL_LAYER"))}
        env.update(
            DATABASE_URL=self.config.database_url,
            DEBUG="0",
            SECRET_KEY="gameday-only-secret-key-not-for-production-use-0123456789abcdef",  # noqa: S106 - local throwaway
            ALLOWED_HOSTS="127.0.0.1,localhost",
            HTTPS="0",
            DB_CONN_MAX_AGE="60",
            LOG_LEVEL="ERROR",
            CELERY_BROKER_URL=self.redis_url(broker),
            CELERY_QUEUE=QUEUE,
            CACHE_URL=self.redis_url(shared),
            CHANNEL_LAYER_URL=self.redis_url(shared),
            CHANNEL_LAYER_PREFIX="gameday",
            LOGIN_THROTTLE="100000/min",  # one address logs every organizer in; the limit is not what is measured
            SITE_URL=self.http_url,
        )
        env.pop("EMAIL_URL", None)  # mails are printed by the worker, never sent
        return env

    # --- processes -----------------------------------------------------------------------------------------
    def spawn(self, name: str, command: list[str]) -> subprocess.Popen:
        log = open(self.config.workdir / f"{name}.log", "ab")  # noqa: SIM115 - the child owns it
        process = subprocess.Popen(command, cwd=ROOT, env=self.env(), stdout=log, stderr=subprocess.STDOUT)
        self.processes[name] = process
        return process

    def start_redis(self) -> None:
        port = self.config.redis_port
        if port_open(port):
            raise SystemExit(f"port {port} is taken: the game day runs a Redis of its own there")
        self.spawn("redis", ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
        wait_for_port(port, "redis-server", 15)

    def stop(self, name: str, sig: int = signal.SIGTERM, wait: float = 20.0) -> None:
        process = self.processes.pop(name, None)
        if process is None or process.poll() is not None:
            return
        process.send_signal(sig)
        try:
            process.wait(wait)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)

    def manage(self, *args: str) -> None:
        done = subprocess.run([PY, "manage.py", *args], cwd=ROOT, env=self.env(), capture_output=True, text=True)
        if done.returncode:
            raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")

    def start_worker(self) -> None:
        self.spawn("worker", [str(BIN / "celery"), "-A", "config", "worker", "-Q", QUEUE, "--pool=solo",
                              "--without-gossip", "--without-mingle", "--loglevel=WARNING"])  # fmt: skip

    def start(self) -> None:
        """A fresh database, the private Redis, then web, sockets, worker and beat; returns once both serve."""
        drop_database(self.config.database_url, create=True)
        self.start_redis()
        self.manage("migrate", "--noinput", "-v", "0")
        if not (ROOT / "staticfiles" / "staticfiles.json").exists():
            self.manage("collectstatic", "--noinput", "-v", "0")
        c = self.config
        self.spawn("web", [str(BIN / "gunicorn"), "config.wsgi", "--bind", f"127.0.0.1:{self.web_port}", "--workers",
                           str(c.web_workers), "--worker-class", "gthread", "--threads", str(c.web_threads),
                           "--keep-alive", "30", "--log-level", "warning"])  # fmt: skip
        self.spawn("sockets", [str(BIN / "uvicorn"), "config.asgi:application", "--host", "127.0.0.1", "--port",
                               str(self.socket_port), "--workers", str(c.socket_workers), "--ws", "websockets-sansio",
                               "--ws-per-message-deflate", "false", "--lifespan", "off", "--no-access-log"])  # fmt: skip
        self.start_worker()
        schedule = str(c.workdir / "beat-schedule")
        self.spawn("beat", [str(BIN / "celery"), "-A", "config", "beat", "-s", schedule, "--loglevel=WARNING"])
        wait_for_port(self.web_port, "gunicorn")
        wait_for_port(self.socket_port, "uvicorn")

    def shutdown(self) -> None:
        for name in ("beat", "worker", "sockets", "web", "redis"):
            self.stop(name)

    def log_tail(self, name: str, chars: int = 3000) -> str:
        path = self.config.workdir / f"{name}.log"
        return path.read_text(errors="replace")[-chars:] if path.exists() else ""

    def dead(self) -> list[str]:
        """The processes that stopped on their own (a crash the game day must report)."""
        return [name for name, process in self.processes.items() if process.poll() is not None]

    # --- faults --------------------------------------------------------------------------------------------
    def kill_worker(self) -> None:
        """SIGKILL the worker: what it held unacknowledged is delivered again to the next one (acks_late)."""
        self.stop("worker", signal.SIGKILL, wait=10)

    def restart_redis(self, down_seconds: float = 1.0) -> None:
        """Stop Redis (SIGTERM, no persistence: its data is gone), wait, start it again on the same port."""
        self.stop("redis")
        time.sleep(down_seconds)
        self.start_redis()

    def terminate_database_connections(self) -> int:
        """``pg_terminate_backend`` every connection to the stack's database but this one; how many there were."""
        import psycopg

        with psycopg.connect(admin_url(self.config.database_url), autocommit=True) as conn:
            rows = conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
                [database_name(self.config.database_url)],
            ).fetchall()
        return len(rows)
