"""Real processes for tests that need them: gunicorn serving the app, a Celery worker, a private redis-server.

Each runs in a session of its own, is started with a bounded wait until it answers and is always stopped (SIGTERM,
then SIGKILL) when its ``with`` block ends, so a failing test leaves nothing running. The environment of each is
built from scratch (:func:`app_env`): nothing of the test's own DATABASE_URL, broker or cache leaks in unless
the test passes it.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = ROOT / ".venv" / "bin"
# Variables of the test run that must not reach a served process unless a test sets them itself.
_PRIVATE = (
    "DATABASE_URL",
    "DB_CONN_MAX_AGE",
    "DB_POOL_SIZE",
    "CACHE_URL",
    "CELERY_BROKER_URL",
    "CELERY_RESULT_BACKEND",
    "CELERY_QUEUE",
    "CHANNEL_LAYER_URL",
    "REDIS_URL",
    "LOGIN_THROTTLE",
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def app_env(**values: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in _PRIVATE and not k.startswith("PYTEST")}
    env.update({"DEBUG": "1", "PYTHONUNBUFFERED": "1", "DJANGO_SETTINGS_MODULE": "config.settings"}, **values)
    return env


def manage(env: dict[str, str], *args: str, timeout: float = 120) -> str:
    done = subprocess.run(
        [str(BIN / "python"), "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def http(method: str, url: str, body: dict | None = None, token: str | None = None, timeout: float = 15) -> tuple[int, dict]:
    """(status, JSON body or {}) of one request; HTTP errors are answers, not exceptions."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method)  # noqa: S310 - http:// URLs of our own servers
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Token {token}")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310 - our own server
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as exc:
        status, raw = exc.code, exc.read()
    try:
        return status, json.loads(raw or b"{}")
    except ValueError:
        return status, {"raw": raw[:200].decode(errors="replace")}


def stop(process: subprocess.Popen, grace: float = 10) -> None:
    """Stop the process and its session: SIGTERM, then SIGKILL after ``grace`` seconds."""
    if process.poll() is not None:
        return
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(grace)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)


def kill_hard(process: subprocess.Popen) -> None:
    """SIGKILL the process and everything it started (its session): no clean-up of any kind runs."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)


@contextmanager
def started(command: list[str], env: dict[str, str], log: Path, ready, timeout: float = 60) -> Iterator[subprocess.Popen]:
    """Run ``command`` until the block ends; ``ready()`` is polled (bounded by ``timeout``) before yielding."""
    with open(log, "ab") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + timeout
        while not ready():
            assert process.poll() is None, f"{command[0]} exited with {process.returncode}:\n{log.read_text()[-3000:]}"
            assert time.monotonic() < deadline, f"{command[0]} not ready after {timeout} s:\n{log.read_text()[-3000:]}"
            time.sleep(0.2)
        yield process
    finally:
        stop(process)


def _answers(url: str) -> bool:
    try:
        http("GET", url, timeout=2)
    except OSError:
        return False
    return True


@contextmanager
def gunicorn(env: dict[str, str], log: Path, workers: int = 1, access_log: Path | None = None) -> Iterator[str]:
    """Serve the app on a free port; yields its base URL (``http://127.0.0.1:PORT``)."""
    port = free_port()
    command = [str(BIN / "gunicorn"), "config.wsgi:application", "--bind", f"127.0.0.1:{port}", "--workers", str(workers)]
    command.append("--preload")  # import the app once, then fork: the workers answer seconds sooner
    if access_log is not None:
        command += ["--access-logfile", str(access_log), "--access-logformat", "%(p)s %(s)s %(r)s"]
    base = f"http://127.0.0.1:{port}"
    with started(command, env, log, lambda: _answers(base + "/healthz")):
        yield base


@contextmanager
def redis_server(port: int, log: Path) -> Iterator[subprocess.Popen]:
    """A private redis-server (no persistence) on ``port``: never the machine's shared Redis."""
    command = ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
    with started(command, dict(os.environ), log, lambda: _redis_answers(port), timeout=20) as process:
        yield process


def _redis_answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
    except OSError:
        return False
