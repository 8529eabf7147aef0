"""The servers the live benchmarks measure, started and stopped the same way: uvicorn alone (the container's command
before issue 26), gunicorn alone (WSGI), and the stack (deploy/stack.py: nginx -> gunicorn, /ws/ -> uvicorn, a
Celery worker and beat), each on 127.0.0.1 and free ports, with its CPU counted over every process it runs."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.process_cpu import process_cpu_seconds  # noqa: E402
from deploy.stack import Stack, group_members  # noqa: E402

PY = str(ROOT / ".venv" / "bin" / "python")
GUNICORN = str(ROOT / ".venv" / "bin" / "gunicorn")
KINDS = ("uvicorn", "gunicorn", "stack")
DEFAULT_REDIS_DBS = "10,11,12"  # cache, channel layer, broker


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def redis_dbs(args) -> dict[str, int]:
    cache, layer, broker = (int(n) for n in getattr(args, "redis_dbs", DEFAULT_REDIS_DBS).split(","))
    return {"cache": cache, "layer": layer, "broker": broker}


def redis_url(args, db: str) -> str:
    return f"{args.redis.rstrip('/')}/{redis_dbs(args)[db]}"


def server_env(args) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DATABASE_URL=args.database_url,
        DEBUG="0",
        SECRET_KEY="benchmark-only-secret-key-not-for-production-use-0123456789",  # noqa: S106 - a throwaway local server
        ALLOWED_HOSTS="127.0.0.1,localhost",
        SECURE_SSL_REDIRECT="0",
        SECURE_HSTS_SECONDS="0",
        DB_CONN_MAX_AGE="600",
        LOG_LEVEL="ERROR",
        CELERY_QUEUE="bench_live",
        # As the container: ASGI serves each request in a thread of its own, connections come from a pool.
        DB_POOL_SIZE="10" if args.server == "uvicorn" else "0",
    )
    for name, db in (("CACHE_URL", "cache"), ("CHANNEL_LAYER_URL", "layer"), ("CELERY_BROKER_URL", "broker")):
        env.pop(name, None)
        if args.redis:
            env[name] = redis_url(args, db)
    return env


def server_command(args, port: int) -> list[str]:
    if args.server == "uvicorn":
        # The Dockerfile's command before issue 26 (its access log included), on 127.0.0.1 and a free port.
        return [
            PY, "-m", "uvicorn", args.app, "--host", "127.0.0.1", "--port", str(port),
            "--workers", str(args.workers), "--ws", "websockets-sansio", "--lifespan", "off", "--proxy-headers",
        ]  # fmt: skip
    return [
        GUNICORN, "config.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", str(args.workers), "--worker-class",
        args.worker_class, "--threads", str(args.threads), "--keep-alive", "30", "--log-level", "warning",
    ]  # fmt: skip


class Served:
    """One server under measure: ``port`` to send requests to, ``cpu()`` per process, ``stop()``."""

    def __init__(self, args) -> None:
        self.args, self.stack, self.process = args, None, None
        if args.server == "stack":
            self._start_stack()
        else:
            self._start_alone()

    def _start_alone(self) -> None:
        self.port = free_port()
        log = subprocess.DEVNULL if self.args.server == "uvicorn" else None  # uvicorn's access log: a line per request
        self.process = subprocess.Popen(server_command(self.args, self.port), cwd=ROOT, env=server_env(self.args), stdout=log)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise SystemExit(f"{self.args.server} did not start within 30 s")

    def _start_stack(self) -> None:
        parts = urlsplit(self.args.database_url)
        dbs = redis_dbs(self.args)
        self.stack = Stack(
            port=0, database=parts.path.strip("/"), postgres=parts._replace(path="").geturl(),
            redis=self.args.redis or "private", redis_dbs=(dbs["broker"], dbs["cache"], dbs["layer"]),
            runtime=Path(tempfile.mkdtemp(prefix="bench-stack-")), web_workers=self.args.workers,
            web_threads=self.args.threads, socket_ports=(0,) * self.args.sockets, demo=False, quiet=True,
            env={"LOG_LEVEL": "ERROR", "CELERY_QUEUE": "bench_live"},
        )  # fmt: skip
        self.stack.start()
        self.port = self.stack.port

    def cpu(self) -> dict[int, float]:
        """CPU seconds of each process of the server (for the stack: nginx, gunicorn, uvicorn, the worker, beat)."""
        if self.stack is None:
            return process_cpu_seconds(self.process.pid)
        found = {}
        for group in self.stack.groups:
            for pid in group_members(group):
                found |= {p: s for p, s in process_cpu_seconds(pid).items() if p == pid}
        return found

    def names(self) -> dict[int, str]:
        """Which process of the stack each pid is (its group's name); empty for a server alone."""
        if self.stack is None:
            return {}
        return {pid: name for name, process in self.stack.processes.items() for pid in group_members(process.pid)}

    def web_workers(self) -> list[int]:
        """The pids of the processes that answer the moves (gunicorn's or uvicorn's workers)."""
        if self.stack is None:
            return [pid for pid in self.cpu() if pid != self.process.pid]
        web = self.stack.processes["web"].pid
        return [pid for pid in process_cpu_seconds(web) if pid != web]

    def stop(self) -> None:
        if self.stack is not None:
            self.stack.stop()
            return
        self.process.terminate()
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            self.process.kill()
