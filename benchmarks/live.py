"""Benchmark: 200 concurrent live games on PostgreSQL over real HTTP, playing legal moves.

    .venv/bin/python benchmarks/live.py [--server uvicorn|gunicorn|stack|uvicorn,gunicorn,stack] [--games 200]
        [--clients 8] [--duration 30] [--workers 2] [--threads 4] [--sockets 2] [--worker-class gthread|sync]
        [--reconnect-every 100] [--database-url postgres://postgres@127.0.0.1:5432/bench_live]
        [--redis redis://127.0.0.1:6379] [--redis-dbs 10,11,12] [--write docs/benchmarks/live.md]

The script builds a fresh database (drops and re-creates the one named in --database-url; it refuses a name that
does not start with ``bench``), migrates it, creates one published round of ``--games`` chess games between
distinct players with API tokens, starts the server on 127.0.0.1 (free ports), then ``--clients`` threads keep
every game moving: each POST /api/games/{id}/moves/ sends a random move from the previous answer's
``legal_moves`` with the token of the seat to move. The clients first connect and read their games one after
the other (untimed), so that the workers share the keep-alive connections; then the clock starts. It stops
after ``--duration`` seconds (or when every game has ended or reached ``--max-plies``), stops the server and
prints moves/s, the p50/p99 latency of the move requests and the CPU used per move by the server (every process
of it, and per worker answering the moves), PostgreSQL and the client.

Servers (benchmarks/servers.py): ``--server uvicorn`` (the default) is the container's command before issue 26
(ASGI for everything, ``DB_POOL_SIZE=10``); ``--server gunicorn`` serves the WSGI application alone with gthread
(or sync) workers; ``--server stack`` is the production topology of deploy/stack.py (`make stack`): the moves go
through nginx to gunicorn (``--workers`` x ``--threads``), with ``--sockets`` uvicorn processes, a Celery worker
and beat running beside it. Several, separated by commas, run one after the other in one run, each on a fresh
database. With ``--redis`` (default: the local Redis, when the databases of ``--redis-dbs`` are empty) the token
cache (``CACHE_URL``), the channel layer the moves are pushed through (``CHANNEL_LAYER_URL``) and the Celery broker
of the flag checks are those Redis databases (cache, layer, broker), as in production; they are emptied at the end
of each server's run. ``--redis ''`` runs without Redis (the stack then starts a redis-server of its own).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.process_cpu import machine, postgres_cpu_seconds  # noqa: E402
from benchmarks.servers import DEFAULT_REDIS_DBS, KINDS, PY, Served, free_port, redis_dbs, redis_url, server_env  # noqa: E402

__all__ = ["free_port", "populate", "recreate_database", "server_env"]  # what benchmarks/push.py reuses


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


def populate(args) -> list[dict]:
    """Migrate and create the event, players, tokens and games; returns per game its id and both tokens."""
    # Several servers in one run: this process's connection must not be pooled (each run drops the database).
    env = server_env(args) | ({"DB_POOL_SIZE": "0"} if len(getattr(args, "servers", ())) > 1 else {})
    subprocess.run([PY, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    os.environ.update(env)
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import connections, transaction
    from rest_framework.authtoken.models import Token

    from tournaments.models import Event, Game, Player, Round

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


class Player:
    """One client connection driving a share of the games round-robin."""

    def __init__(self, port: int, games: list[dict], max_plies: int, seed: int, reconnect_every: int = 0) -> None:
        self.port, self.games, self.max_plies, self.reconnect_every = port, games, max_plies, reconnect_every
        self.sent = 0
        self.stop_at = 0.0
        self.rng = random.Random(seed)
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, method: str, path: str, body: dict | None = None, token: str | None = None) -> tuple[int, dict]:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if token:
            headers["Authorization"] = f"Token {token}"
        payload = json.dumps(body) if body is not None else None
        self.sent += 1
        if self.reconnect_every and self.sent % self.reconnect_every == 0:
            # A fresh connection now and then, as browsers and proxies make: the worker that accepts it is the
            # one with time to spare, so keep-alive connections do not stay piled on one gthread worker.
            self.conn.close()
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

    def prepare(self) -> None:
        """Open the connection and read the state of this client's games (not timed)."""
        for game in self.games:
            _, game["state"] = self.request("GET", f"/api/games/{game['id']}/")

    def play(self) -> None:
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


def run_threads(players: list[Player], method: str, timeout: float | None = None) -> None:
    threads = [threading.Thread(target=getattr(p, method), daemon=True) for p in players]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout)


def applied_moves(args) -> int:
    import psycopg

    with psycopg.connect(args.database_url) as conn:
        # The moves the games app logged (one row per move received), not a count the clients kept themselves.
        return conn.execute("SELECT COUNT(*) FROM games_move").fetchone()[0]


def clear_redis(args) -> None:
    import redis

    for db in set(redis_dbs(args).values()):
        redis.Redis.from_url(f"{args.redis.rstrip('/')}/{db}").flushdb()


def redis_default(dbs: str = DEFAULT_REDIS_DBS) -> str:
    """The local Redis when it answers and the benchmark's databases are empty (nobody else's data is flushed)."""
    base = "redis://127.0.0.1:6379"
    try:
        import redis

        for db in {int(n) for n in dbs.split(",")}:
            client = redis.Redis.from_url(f"{base}/{db}", socket_connect_timeout=0.5)
            if not client.ping() or client.dbsize():
                return ""
    except Exception:  # no Redis: benchmark without it
        return ""
    return base


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--server", default="uvicorn", help=f"one of {', '.join(KINDS)}, or several separated by commas (one after the other)"
    )
    parser.add_argument("--app", default="config.asgi:application", help="the ASGI application uvicorn serves")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--duration", type=float, default=30.0)
    parser.add_argument("--max-plies", type=int, default=120)
    parser.add_argument("--workers", type=int, default=2, help="uvicorn's or gunicorn's workers (the stack's gunicorn)")
    parser.add_argument("--threads", type=int, default=4, help="threads per worker (gunicorn gthread only)")
    parser.add_argument("--sockets", type=int, default=2, help="the stack's uvicorn processes")
    parser.add_argument(
        "--worker-class",
        default="gthread",
        choices=["sync", "gthread"],
        help="sync (one connection per request, spread over idle workers) or gthread",
    )
    parser.add_argument(
        "--reconnect-every", type=int, default=100, help="each client opens a new connection every N requests (0: never)"
    )
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/bench_live")
    parser.add_argument("--redis", default=None, help="Redis for the token cache, the channel layer and the broker")
    parser.add_argument("--redis-dbs", default=DEFAULT_REDIS_DBS, help="its databases: cache,layer,broker")
    parser.add_argument("--write", default="", help="append the result as a Markdown table row to this file")
    args = parser.parse_args()
    args.servers = args.server.split(",")
    if unknown := set(args.servers) - set(KINDS):
        parser.error(f"--server: unknown {', '.join(sorted(unknown))} (choose from {', '.join(KINDS)})")
    if args.redis is None:
        args.redis = redis_default(args.redis_dbs)
    args.broker = redis_url(args, "broker") if args.redis else ""  # populate() reads it
    return args


def play(args: argparse.Namespace, server: Served, players: list) -> dict:
    """Let the clients play for ``--duration`` seconds; the wall time and the CPU of each process while they did."""
    # Connect and read every game first, one client after the other: a burst of simultaneous connects lets
    # one gthread worker accept them all, and keep-alive then pins all the load on that one process.
    for p in players:
        p.prepare()
    stop_at = time.monotonic() + args.duration
    for p in players:
        p.stop_at = stop_at
    started = time.perf_counter()
    per_process_before = server.cpu()
    client_cpu_before = time.process_time()
    load_before = os.getloadavg()[0]
    run_threads(players, "play", timeout=args.duration + 60)
    elapsed = time.perf_counter() - started
    per_process = server.cpu()
    by_name: dict[str, float] = {}
    for pid, name in server.names().items():
        by_name[name] = round(by_name.get(name, 0.0) + per_process.get(pid, 0.0) - per_process_before.get(pid, 0.0), 2)
    return {
        "cpu_by_process": by_name,
        "elapsed": elapsed,
        "server_cpu": sum(per_process.values()) - sum(per_process_before.values()),
        # How evenly the connections spread over the workers answering the moves (one busy worker caps throughput).
        "worker_cpu": sorted(round(per_process[pid] - per_process_before.get(pid, 0.0), 1) for pid in server.web_workers()),
        "client_cpu": time.process_time() - client_cpu_before,
        "load": [round(load_before, 2), round(os.getloadavg()[0], 2)],
        "db_cpu": postgres_cpu_seconds(args.database_url),
    }


def summarize(args: argparse.Namespace, players: list, run: dict) -> dict:
    latencies = sorted(x for p in players for x in p.latencies)
    ok = len(latencies) - sum(len(p.errors) for p in players)
    q = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    return {
        "games": args.games,
        "clients": args.clients,
        "reconnect_every": args.reconnect_every,
        "server": server_name(args),
        "redis": "cache, channel layer, broker" if args.redis else "none",
        "seconds": round(run["elapsed"], 1),
        "moves": ok,
        "applied_in_db": applied_moves(args),
        "moves_per_s": round(ok / run["elapsed"], 1),
        "p50_ms": round(q[49] * 1000, 1),
        "p99_ms": round(q[98] * 1000, 1),
        "errors": sum(len(p.errors) for p in players),
        "server_cpu_ms_per_move": round(run["server_cpu"] * 1000 / max(ok, 1), 2),
        "postgres_cpu_ms_per_move": round(run["db_cpu"] * 1000 / max(ok, 1), 2),
        "client_cpu_ms_per_move": round(run["client_cpu"] * 1000 / max(ok, 1), 2),
        "worker_cpu_seconds": run["worker_cpu"],
        **({"cpu_seconds_by_process": run["cpu_by_process"]} if run["cpu_by_process"] else {}),
        "load_average_before_after": run["load"],
        **machine(),
    }


def server_name(args: argparse.Namespace) -> str:
    if args.server == "uvicorn":
        return f"uvicorn {args.workers} workers"
    web = f"gunicorn {args.workers} {args.worker_class}" + (f" x{args.threads}" if args.worker_class == "gthread" else "")
    if args.server == "stack":
        return f"stack: nginx -> {web}; {args.sockets} uvicorn, worker, beat"
    return web


def table_row(args: argparse.Namespace, result: dict) -> str:
    reconnect = f"every {args.reconnect_every}" if args.reconnect_every else "never"
    if args.server == "gunicorn" and args.worker_class == "sync":
        reconnect = "(every request)"
    return (
        f"| {result['server']} | {result['clients']} | {reconnect} | {result['moves']} | {result['moves_per_s']} | "
        f"{result['p50_ms']} | {result['p99_ms']} | {result['errors']} | {result['server_cpu_ms_per_move']} | "
        f"{result['postgres_cpu_ms_per_move']} | {result['client_cpu_ms_per_move']} | "
        f"{' / '.join(str(x) for x in result['worker_cpu_seconds'])} | "
        f"{' / '.join(str(x) for x in result['load_average_before_after'])} |\n"
    )


def measure(args: argparse.Namespace) -> tuple[dict, list[str]]:
    """One server (``args.server``) on a fresh database: its result and the first errors the clients saw."""
    recreate_database(args.database_url)
    games = populate(args)
    server = Served(args)
    shares = [games[i :: args.clients] for i in range(args.clients)]
    players = [
        Player(server.port, share, args.max_plies, seed=i, reconnect_every=args.reconnect_every)
        for i, share in enumerate(shares)
        if share
    ]
    try:
        run = play(args, server, players)
    finally:
        server.stop()
        if args.redis:
            clear_redis(args)
    return summarize(args, players, run), [e for p in players for e in p.errors]


def main() -> int:
    args = parse_args()
    failed = False
    for kind in args.servers:
        args.server = kind
        result, errors = measure(args)
        print(json.dumps(result, indent=2), flush=True)
        if errors:
            print("first errors:", errors[:5], file=sys.stderr)
        failed |= bool(errors) or result["moves"] != result["applied_in_db"]
        if args.write:
            with open(ROOT / args.write, "a", encoding="utf-8") as handle:
                handle.write(table_row(args, result))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
