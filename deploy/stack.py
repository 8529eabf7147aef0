"""The production topology on one machine, without Docker: `make stack` (or `python -m deploy.stack`).

    nginx (the proxy, :port) ── /ws/ ──> uvicorn x N (config.asgi: the game and event sockets)
                              └─ else ─> gunicorn   (config.wsgi: pages, API, static files through WhiteNoise)
    a Celery worker and exactly one beat; PostgreSQL and Redis (broker; cache and channel layer) local

PostgreSQL and Redis are started if missing (as .ci/run does) and left running; the stack's own database is created
if missing and migrated, its static files collected and the demo loaded. Every other process is the stack's own,
each in a process group of its own, and `stop()` (Ctrl-C on the command line) ends them all, children included.

From Python (tests, benchmarks, the game day)::

    from deploy.stack import Stack
    with Stack(port=0, database="rvchess_stack_test") as stack:   # port 0: free ports
        requests.get(stack.url + "/healthz")
        stack.stop_process("worker"); stack.start_process("worker")   # a fault and its repair

Every path (nginx's config, pid, temp and log files, beat's schedule, the logs) is under ``runtime``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import pwd
import secrets
import signal
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from deploy import services
from deploy.nginx import nginx_binary, render_nginx
from deploy.services import StackError, answers, free_port, wait_until

ROOT = Path(__file__).resolve().parent.parent
STOP_ORDER = ("proxy", "web", "socket", "beat", "worker", "redis")  # the proxy first: no request reaches a dying server


def python() -> str:
    venv = ROOT / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


@dataclass
class Stack:
    """The topology's processes; ``start()`` brings it up and answers through the proxy, ``stop()`` ends it."""

    port: int = 8620  # the proxy; 0: free ports for everything
    web_port: int = 8621
    socket_ports: tuple[int, ...] = (8622, 8623)  # one uvicorn process each
    database: str = "rvchess_stack"
    postgres: str = "postgres://postgres@127.0.0.1:5432"
    redis: str = "redis://127.0.0.1:6379"  # the shared local Redis, or "private": a redis-server of the stack's own
    redis_dbs: tuple[int, int, int] = (9, 10, 10)  # the broker's, the cache's, the channel layer's
    runtime: Path = ROOT / ".stack"
    web_workers: int = 2
    web_threads: int = 4
    demo: bool = True
    demo_password: str = ""  # empty: a random one, printed
    env: dict[str, str] = field(default_factory=dict)  # more settings for every process (LOGIN_THROTTLE, ...)
    quiet: bool = False
    processes: dict[str, subprocess.Popen] = field(default_factory=dict, init=False)
    groups: set[int] = field(default_factory=set, init=False)  # every process group the stack ever started

    def __post_init__(self) -> None:
        self.runtime = Path(self.runtime).resolve()
        if self.port == 0:
            self.port, self.web_port = free_port(), free_port()
            self.socket_ports = tuple(free_port() for _ in self.socket_ports)
        self.redis_port = free_port() if self.redis == "private" else 0

    # --- what the processes are -------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def database_url(self) -> str:
        return f"{self.postgres.rstrip('/')}/{self.database}"

    @property
    def redis_url(self) -> str:
        return f"redis://127.0.0.1:{self.redis_port}" if self.redis_port else self.redis.rstrip("/")

    def settings(self) -> dict[str, str]:
        """The environment of every Django process: production settings (DEBUG=0) behind one proxy, plain HTTP."""
        broker, cache, layer = self.redis_dbs
        return {
            "PATH": f"{Path(python()).parent}:{os.environ.get('PATH', '/usr/bin:/bin')}",
            "HOME": os.environ.get("HOME", str(self.runtime)),
            "LANG": "C.UTF-8",
            "PYTHONUNBUFFERED": "1",
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DEBUG": "0",
            "SECRET_KEY": self.secret_key(),
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "HTTPS": "0",  # nginx listens on plain HTTP here; behind TLS set HTTPS=1 (docs/architecture.md)
            "NUM_PROXIES": "1",
            "SITE_URL": self.url,
            "DATABASE_URL": self.database_url,
            "DEMO_PASSWORD_FILE": str(self.runtime / "demo-password"),
            "CELERY_BROKER_URL": f"{self.redis_url}/{broker}",
            "CELERY_QUEUE": f"rvchess_stack_{self.port}",
            "CACHE_URL": f"{self.redis_url}/{cache}",
            "CHANNEL_LAYER_URL": f"{self.redis_url}/{layer}",
            "CHANNEL_LAYER_PREFIX": f"rvchess_stack_{self.port}",
            "LOG_LEVEL": "WARNING",
            **self.env,
        }

    def secret_key(self) -> str:
        """Kept in the runtime directory, so that sessions outlive a restart of the stack."""
        path = self.runtime / "secret_key"
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(secrets.token_urlsafe(50))
            path.chmod(0o600)
        return path.read_text().strip()

    def commands(self) -> dict[str, tuple[list[str], dict[str, str]]]:
        """Each process's command and its settings beyond :meth:`settings`."""
        py, logs = python(), self.runtime / "logs"
        found = {
            "web": (
                [py, "-m", "gunicorn", "-c", str(ROOT / "deploy" / "gunicorn.conf.py"), "config.wsgi"],
                {"GUNICORN_BIND": f"127.0.0.1:{self.web_port}", "WEB_CONCURRENCY": str(self.web_workers),
                 "GUNICORN_THREADS": str(self.web_threads), "DB_POOL_SIZE": "0", "DB_CONN_MAX_AGE": "600"},
            ),
            "worker": (
                [py, "-m", "celery", "-A", "config", "worker", "--loglevel=INFO", "--concurrency", "2",
                 "-n", f"stack{self.port}@%h"],
                {"DB_CONN_MAX_AGE": "60"},
            ),
            "beat": (
                [py, "-m", "celery", "-A", "config", "beat", "--loglevel=INFO", "--schedule",
                 str(self.runtime / "celerybeat-schedule")],
                {},
            ),
            "proxy": (
                [nginx_binary() or "nginx", "-p", str(self.runtime), "-c", str(self.runtime / "nginx.conf"), "-e",
                 str(logs / "nginx-error.log")],
                {},
            ),
        }  # fmt: skip
        for number, port in enumerate(self.socket_ports, start=1):
            found[f"socket-{number}"] = (
                [py, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1", "--port", str(port),
                 "--ws", "websockets-sansio", "--ws-per-message-deflate", "false", "--lifespan", "off",
                 "--proxy-headers", "--no-access-log", "--log-level", "warning", "--backlog", "4096"],
                {"DB_POOL_SIZE": "4", "DB_CONN_MAX_AGE": "0"},
            )  # fmt: skip
        if self.redis_port:
            found["redis"] = (
                ["redis-server", "--port", str(self.redis_port), "--bind", "127.0.0.1", "--save", "", "--appendonly",
                 "no", "--dir", str(self.runtime)],
                {},
            )  # fmt: skip
        return found

    # --- starting -----------------------------------------------------------------------------------------------
    def start(self) -> Stack:
        """Everything up, answering /healthz 200 through the proxy; on failure everything started is stopped."""
        try:
            self._start()
        except BaseException:
            self.stop()
            raise
        return self

    def _start(self) -> None:
        if not nginx_binary():
            raise StackError("nginx is not installed (Debian: apt-get install nginx)")
        (self.runtime / "logs").mkdir(parents=True, exist_ok=True)
        services.ensure_postgres(self.postgres)
        if self.redis_port:
            self.start_process("redis")
        services.ensure_redis(self.redis_url)
        self.prepare()
        self.write_nginx_config()
        for name in self.commands():
            if name not in ("proxy", "redis"):
                self.start_process(name)
        self.start_process("proxy")
        self.wait_ready()

    def prepare(self) -> None:
        """The release steps: the database (created if missing) migrated, static files collected, the demo."""
        created = services.ensure_database(self.database_url)
        self.say(f"database {self.database}: {'created' if created else 'exists'}; migrating")
        self.manage("migrate", "--noinput")
        self.manage("collectstatic", "--noinput")
        if self.demo:
            password = ["--password", self.demo_password] if self.demo_password else []
            self.say(self.manage("demo", *password).strip())

    def manage(self, *args: str) -> str:
        """``manage.py ARGS`` with the stack's settings; its output, or StackError with it."""
        done = subprocess.run(
            [python(), "manage.py", *args], cwd=ROOT, env=self.settings(), capture_output=True, text=True, check=False
        )
        if done.returncode:
            raise StackError(f"manage.py {' '.join(args)} failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
        return done.stdout

    def write_nginx_config(self) -> None:
        for folder in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi", "logs"):
            (self.runtime / folder).mkdir(parents=True, exist_ok=True)
        # Run as root (a container, CI), nginx would hand its workers to "nobody"; they stay this user instead.
        user = f"user {pwd.getpwuid(os.geteuid()).pw_name};" if os.geteuid() == 0 else ""
        text = render_nginx(
            f"127.0.0.1:{self.port}",
            [f"127.0.0.1:{self.web_port}"],
            [f"127.0.0.1:{port}" for port in self.socket_ports],
            str(self.runtime),
            user_line=user,
            workers=os.environ.get("STACK_NGINX_WORKERS", "1"),
        )
        (self.runtime / "nginx.conf").write_text(text)

    def start_process(self, name: str) -> subprocess.Popen:
        """Start one process of the topology (``web``, ``socket-1``, ``worker``, ``beat``, ``proxy``, ``redis``)."""
        command, extra = self.commands()[name]
        log = open(self.runtime / "logs" / f"{name}.log", "ab")  # noqa: SIM115 - the child holds it
        process = subprocess.Popen(
            command, cwd=ROOT, env=self.settings() | extra, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
            start_new_session=True,  # a group of its own: Ctrl-C reaches the stack, which stops each in order
        )  # fmt: skip
        log.close()
        self.processes[name] = process
        self.groups.add(process.pid)
        return process

    def wait_ready(self, seconds: float = 90) -> None:
        ports = {"web": self.web_port} | {f"socket-{n}": p for n, p in enumerate(self.socket_ports, start=1)}
        for name, port in ports.items():
            if not wait_until(lambda port=port, name=name: answers("127.0.0.1", port) or self.exited(name), seconds):
                raise StackError(f"{name} did not listen on :{port} within {seconds:.0f} s{self.tail(name)}")
            if self.exited(name):
                raise StackError(f"{name} exited{self.tail(name)}")
        if not wait_until(lambda: self.healthz() == 200 or self.exited("proxy"), seconds, 0.5):
            raise StackError(f"{self.url}/healthz did not answer 200 within {seconds:.0f} s{self.tail('proxy')}")
        if self.exited("proxy"):
            raise StackError(f"nginx exited{self.tail('proxy')}{self.tail('nginx-error')}")

    def healthz(self) -> int:
        try:
            with urllib.request.urlopen(f"{self.url}/healthz", timeout=5) as answer:  # noqa: S310 - our own URL
                return answer.status
        except urllib.error.HTTPError as exc:
            return exc.code
        except OSError:
            return 0

    def exited(self, name: str) -> bool:
        process = self.processes.get(name)
        return process is None or process.poll() is not None

    def tail(self, name: str, lines: int = 15) -> str:
        path = self.runtime / "logs" / f"{name}.log"
        if not path.exists():
            return ""
        return f"\n--- last lines of {path}:\n" + "\n".join(path.read_text(errors="replace").splitlines()[-lines:])

    def say(self, text: str) -> None:
        if not self.quiet and text:
            print(text, flush=True)

    # --- stopping -----------------------------------------------------------------------------------------------
    def stop_process(self, name: str, sig: int = signal.SIGTERM, grace: float = 20) -> None:
        """End one process and its children (its whole group): ``sig``, then SIGKILL after ``grace`` seconds."""
        process = self.processes.pop(name, None)
        if process is None:
            return
        signal_group(process.pid, sig)
        if not wait_until(lambda: process.poll() is not None and not group_members(process.pid), grace, 0.1):
            signal_group(process.pid, signal.SIGKILL)
        process.wait()
        wait_until(lambda: not group_members(process.pid), 5, 0.05)  # its orphans, reaped by init

    def stop(self) -> None:
        """Every process of the stack ended, the proxy first. PostgreSQL and Redis (unless private) stay."""
        for prefix in STOP_ORDER:
            for name in [n for n in self.processes if n == prefix or n.startswith(prefix + "-")]:
                self.stop_process(name)

    def leftovers(self) -> list[int]:
        """Processes of the stack still alive (none after :meth:`stop`)."""
        return sorted(pid for group in self.groups for pid in group_members(group))

    def __enter__(self) -> Stack:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def signal_group(group: int, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(group, sig)


def interrupt(*_) -> None:
    raise KeyboardInterrupt  # SIGTERM stops the stack as Ctrl-C does


def group_members(group: int) -> list[int]:
    """The pids of process group ``group`` that are not yet reaped zombies of someone else."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="The production topology on this machine (nginx, gunicorn, uvicorn, Celery).")
    parser.add_argument("--port", type=int, default=int(os.environ.get("STACK_PORT", "8620")), help="the proxy's port")
    parser.add_argument("--web-port", type=int, default=0, help="gunicorn's (default: the proxy's + 1)")
    parser.add_argument("--sockets", type=int, default=2, help="uvicorn processes (ports after gunicorn's)")
    parser.add_argument("--web-workers", type=int, default=2)
    parser.add_argument("--web-threads", type=int, default=4)
    parser.add_argument("--database", default=os.environ.get("STACK_DATABASE", "rvchess_stack"))
    parser.add_argument("--redis", default=os.environ.get("STACK_REDIS", "redis://127.0.0.1:6379"))
    parser.add_argument(
        "--redis-dbs", default=os.environ.get("STACK_REDIS_DBS", "9,10,10"), help="Redis databases: broker,cache,layer"
    )
    parser.add_argument("--no-demo", action="store_true")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    web_port = args.web_port or args.port + 1
    broker, cache, layer = (int(n) for n in args.redis_dbs.split(","))
    stack = Stack(
        port=args.port, web_port=web_port, socket_ports=tuple(web_port + n for n in range(1, args.sockets + 1)),
        database=args.database, redis=args.redis, redis_dbs=(broker, cache, layer), web_workers=args.web_workers,
        web_threads=args.web_threads, demo=not args.no_demo,
    )  # fmt: skip
    signal.signal(signal.SIGTERM, interrupt)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # even when started with SIGINT ignored (a background job)
    try:
        stack.start()
        stack.say(
            f"Serving {stack.url}  (nginx -> gunicorn :{stack.web_port}, uvicorn "
            f"{' '.join(f':{p}' for p in stack.socket_ports)}; a Celery worker and beat; logs in {stack.runtime}/logs)"
            "\nCtrl-C stops it."
        )
        while True:
            time.sleep(1)
            gone = [name for name in stack.processes if stack.exited(name)]
            if gone:
                stack.say(f"{', '.join(gone)} exited; stopping the stack{stack.tail(gone[0])}")
                return 1
    except KeyboardInterrupt:
        stack.say("\nstopping")
        return 0
    except StackError as exc:
        print(f"make stack: {exc}", file=sys.stderr)
        return 1
    finally:
        stack.stop()
        left = stack.leftovers()
        stack.say(f"stopped; {'processes left: ' + str(left) if left else 'no process left'}")


if __name__ == "__main__":
    raise SystemExit(main())
