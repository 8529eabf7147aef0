"""Benchmark: 200 concurrent live games on PostgreSQL over real HTTP (gunicorn), playing legal moves.

    .venv/bin/python benchmarks/live.py [--games 200] [--clients 32] [--duration 30] [--workers 2] [--threads 4]
        [--database-url postgres://postgres@127.0.0.1:5432/bench_live] [--broker redis://127.0.0.1:6379/12]
        [--write docs/benchmarks/live.md]

The script builds a fresh database (drops and re-creates the one named in --database-url; it refuses a name that
does not start with ``bench``), migrates it, creates one published round of ``--games`` chess games between
distinct players with API tokens, starts gunicorn on 127.0.0.1 (a free port), then ``--clients`` threads keep
every game moving: each POST /api/games/{id}/moves/ sends a random move from the previous answer's
``legal_moves`` with the token of the seat to move. It stops after ``--duration`` seconds (or when every game
has ended or reached ``--max-plies``), stops gunicorn and prints moves/s and the p50/p99 latency of the move
requests. With --broker (default: Redis db 12 when Redis answers), each move also queues its flag task there,
as in production; those queued tasks are deleted at the end (the db must be empty at the start).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PY = str(ROOT / ".venv" / "bin" / "python")
GUNICORN = str(ROOT / ".venv" / "bin" / "gunicorn")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def recreate_database(url: str) -> None:
    import psycopg

    parts = urlsplit(url)
    name = parts.path.strip("/")
    if not name.startswith("bench"):
        raise SystemExit(f"refusing to drop {name!r}: the benchmark database name must start with 'bench'")
    admin = parts._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


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
        CELERY_BROKER_URL=args.broker or "",
        CELERY_QUEUE="bench_live",
    )
    if not args.broker:
        env.pop("CELERY_BROKER_URL")
    return env


def populate(args) -> list[dict]:
    """Migrate and create the event, players, tokens and games; returns per game its id and both tokens."""
    env = server_env(args)
    subprocess.run([PY, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    os.environ.update(env)
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import connections, transaction
    from rest_framework.authtoken.models import Token

    from games.models import Game
    from tournaments.models import Event, Player, Round

    User = get_user_model()
    games = []
    with transaction.atomic():
        organizer = User.objects.create_user("bench-organizer")
        event = Event.objects.create(
            name="Live benchmark",
            slug="live-benchmark",
            organizer=organizer,
            variant_policy=Event.VariantPolicy.FIXED,
            variant_key="chess",
            time_control="90+30",
        )
        rnd = Round.objects.create(event=event, number=1, status=Round.Status.PUBLISHED)
        for board in range(1, args.games + 1):
            tokens = {}
            seats = {}
            for seat in ("white", "black"):
                user = User.objects.create_user(f"bench-{board}-{seat}")
                seats[seat] = Player.objects.create(name=f"Bench {board} {seat}", user=user)
                tokens[seat] = Token.objects.create(user=user).key
            game = Game.objects.create(round=rnd, board=board, white=seats["white"], black=seats["black"], variant="chess")
            games.append({"id": game.pk, "tokens": tokens})
    connections.close_all()
    return games


def start_server(args, port: int) -> subprocess.Popen:
    command = [
        GUNICORN,
        "config.wsgi",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(args.workers),
        "--threads",
        str(args.threads),
        "--keep-alive",
        "30",
        "--log-level",
        "warning",
    ]
    server = subprocess.Popen(command, cwd=ROOT, env=server_env(args))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return server
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise SystemExit("gunicorn did not start within 30 s")


class Player(threading.Thread):
    """One client connection driving a share of the games round-robin."""

    def __init__(self, port: int, games: list[dict], stop_at: float, max_plies: int, seed: int) -> None:
        super().__init__(daemon=True)
        self.port, self.games, self.stop_at, self.max_plies = port, games, stop_at, max_plies
        self.rng = random.Random(seed)
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, method: str, path: str, body: dict | None = None, token: str | None = None) -> tuple[int, dict]:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if token:
            headers["Authorization"] = f"Token {token}"
        payload = json.dumps(body) if body is not None else None
        for attempt in range(2):
            try:
                self.conn.request(method, path, body=payload, headers=headers)
                response = self.conn.getresponse()
                return response.status, json.loads(response.read() or b"{}")
            except (http.client.HTTPException, OSError):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def run(self) -> None:
        for game in self.games:
            _, game["state"] = self.request("GET", f"/api/games/{game['id']}/")
        live = [g for g in self.games if g["state"]["legal_moves"]]
        while live and time.monotonic() < self.stop_at:
            for game in list(live):
                state = game["state"]
                seat = state["to_move"][0]["seat"]
                move = self.rng.choice(state["legal_moves"])
                started = time.perf_counter()
                status, body = self.request("POST", f"/api/games/{game['id']}/moves/", {"move": move}, token=game["tokens"][seat])
                self.latencies.append(time.perf_counter() - started)
                if status != 200:
                    self.errors.append(f"{status} {body.get('detail')}")
                    live.remove(game)
                    continue
                game["state"] = body
                if not body["legal_moves"] or len(body["moves"]) >= self.max_plies:
                    live.remove(game)
                if time.monotonic() >= self.stop_at:
                    break
        self.conn.close()


def tree_cpu_seconds(root: int) -> float:
    """User+system CPU seconds of ``root`` and its children (gunicorn's master and workers), from /proc."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, ppid = int(entry.name), int(fields[1])
        if pid == root or ppid == root:
            total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def postgres_cpu_seconds(url: str) -> float:
    """CPU seconds of the PostgreSQL backends serving the benchmark database (they live as long as gunicorn's
    persistent connections, so this is the database's work for the run, warm-up reads included)."""
    import psycopg

    name = urlsplit(url).path.strip("/")
    with psycopg.connect(url) as conn:
        pids = [
            row[0]
            for row in conn.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()", [name])
        ]
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def machine() -> dict[str, str]:
    model = ""
    try:
        lscpu = subprocess.run(["lscpu"], capture_output=True, text=True, check=False).stdout
        model = next((line.split(":", 1)[1].strip() for line in lscpu.splitlines() if line.startswith("Model name")), "")
    except OSError:
        pass
    return {"nproc": str(os.cpu_count()), "cpu": model, "python": platform.python_version()}


def applied_moves(args) -> int:
    import psycopg

    with psycopg.connect(args.database_url) as conn:
        return conn.execute("SELECT COALESCE(SUM(jsonb_array_length(moves)), 0) FROM games_game").fetchone()[0]


def clear_broker(url: str) -> None:
    import redis

    redis.Redis.from_url(url).flushdb()


def broker_default() -> str:
    try:
        import redis

        client = redis.Redis.from_url("redis://127.0.0.1:6379/12", socket_connect_timeout=0.5)
        if client.ping() and client.dbsize() == 0:
            return "redis://127.0.0.1:6379/12"
    except Exception:  # noqa: S110 - no Redis: benchmark without a broker
        pass
    return ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--duration", type=float, default=30.0)
    parser.add_argument("--max-plies", type=int, default=120)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/bench_live")
    parser.add_argument("--broker", default=None, help="Celery broker for the flag tasks ('' for none)")
    parser.add_argument("--write", default="", help="append the result as a Markdown table row to this file")
    args = parser.parse_args()
    if args.broker is None:
        args.broker = broker_default()

    recreate_database(args.database_url)
    games = populate(args)
    port = free_port()
    server = start_server(args, port)
    try:
        stop_at = time.monotonic() + args.duration
        shares = [games[i :: args.clients] for i in range(args.clients)]
        players = [Player(port, share, stop_at, args.max_plies, seed=i) for i, share in enumerate(shares) if share]
        started = time.perf_counter()
        server_cpu_before = tree_cpu_seconds(server.pid)
        client_cpu_before = time.process_time()
        load_before = os.getloadavg()[0]
        for p in players:
            p.start()
        for p in players:
            p.join(args.duration + 60)
        elapsed = time.perf_counter() - started
        server_cpu = tree_cpu_seconds(server.pid) - server_cpu_before
        client_cpu = time.process_time() - client_cpu_before
        load_after = os.getloadavg()[0]
        db_cpu = postgres_cpu_seconds(args.database_url)
    finally:
        server.terminate()
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()
        if args.broker:
            clear_broker(args.broker)
    latencies = sorted(x for p in players for x in p.latencies)
    errors = [e for p in players for e in p.errors]
    ok = len(latencies) - len(errors)
    applied = applied_moves(args)
    q = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    result = {
        "games": args.games,
        "clients": args.clients,
        "server": f"gunicorn {args.workers}x{args.threads} gthread",
        "broker": "redis" if args.broker else "none",
        "seconds": round(elapsed, 1),
        "moves": ok,
        "applied_in_db": applied,
        "moves_per_s": round(ok / elapsed, 1),
        "p50_ms": round(q[49] * 1000, 1),
        "p99_ms": round(q[98] * 1000, 1),
        "errors": len(errors),
        "server_cpu_ms_per_move": round(server_cpu * 1000 / max(ok, 1), 2),
        "postgres_cpu_ms_per_move": round(db_cpu * 1000 / max(ok, 1), 2),
        "client_cpu_ms_per_move": round(client_cpu * 1000 / max(ok, 1), 2),
        "load_average_before_after": [round(load_before, 2), round(load_after, 2)],
        **machine(),
    }
    print(json.dumps(result, indent=2))
    if errors:
        print("first errors:", errors[:5], file=sys.stderr)
    if args.write:
        line = (
            f"| {result['games']} | {result['clients']} | {result['server']} | {result['broker']} | {result['moves']} | "
            f"{result['moves_per_s']} | {result['p50_ms']} | {result['p99_ms']} | {result['errors']} | "
            f"{result['server_cpu_ms_per_move']} | {result['load_average_before_after'][0]} |\n"
        )
        with open(ROOT / args.write, "a", encoding="utf-8") as handle:
            handle.write(line)
    return 0 if ok == applied and not errors else 1


if __name__ == "__main__":
    raise SystemExit(main())
