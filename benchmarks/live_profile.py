"""Where the milliseconds of a live move go: the move request run in-process, one after the other, on PostgreSQL.

    .venv/bin/python benchmarks/live_profile.py [--moves 3000] [--games 200] [--handler asgi|wsgi|service]
        [--redis redis://127.0.0.1:6379] [--profile 40] [--database-url postgres://.../bench_live_profile]

It builds the same database as ``benchmarks/live.py`` (a fresh ``bench*`` database: one published round of chess
games between players with API tokens), then sends ``POST /api/games/{id}/moves/`` straight into Django's WSGI
(or ASGI) handler, round-robin over the games, each with a random legal move from the previous answer and the
token of the seat to move, configured as ``benchmarks/live.py`` configures the server (ASGI with the connection
pool, WSGI with kept connections and a loop thread for the pushes, as a server that runs WSGI beside its event
loop; Redis for the token cache, the channel layer and the broker unless ``--redis ''``). ``--handler service``
calls the move service and encodes the answer with no HTTP handler at all. No network, no server: what is left is
the request's own work. It prints per move the
wall time, the CPU of this process, the database statements the ORM sent and the time spent waiting for them,
and the CPU of the PostgreSQL backend; with ``--profile N`` the N most expensive functions (cProfile, by their
own time, and the move path's stages by cumulative time).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import json
import os
import pstats
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.live import clear_redis, populate, recreate_database, redis_default, redis_url  # noqa: E402
from benchmarks.live_stages import breakdown  # noqa: E402
from benchmarks.process_cpu import machine, postgres_cpu_seconds  # noqa: E402

STAGES = [  # the move path's stages, for the cumulative-time view of the profile
    "wsgi.py:*(__call__)",
    "asgi.py:*(handle)",
    "authentication.py:*(authenticate)",
    "api_live.py:*(move_view)",
    "moves.py:*(submit_move)",
    "table.py:*(run_locked)",
    "store.py:*(lock_for_move)",
    "engines.py:*(take_engine)",
    "moves.py:*(_play)",
    "store.py:*(store_move)",
    "push.py:*(push_game)",
    "serializers_live.py:*(game_detail)",
    "renderers.py:*(render)",
    "base.py:*(commit)",
]


class Statements:
    """An execute wrapper: how many statements the ORM sent and how long it waited for them."""

    def __init__(self) -> None:
        self.count = 0
        self.seconds = 0.0

    def install(self, sender, connection, **kwargs) -> None:
        if self not in connection.execute_wrappers:
            connection.execute_wrappers.append(self)

    def __call__(self, execute, sql, params, many, context):
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            self.seconds += time.perf_counter() - started
            self.count += 1


def server_loop() -> None:
    """An event loop in a thread of its own, noted as the server's (games.push.remember_loop): pushes made by the
    WSGI requests are handed to it, as under a server that runs the WSGI handler in threads beside its loop."""
    import threading

    from games.push import remember_loop

    loop = asyncio.new_event_loop()
    ready = threading.Event()

    def run() -> None:
        asyncio.set_event_loop(loop)
        loop.call_soon(lambda: (remember_loop(), ready.set()))
        loop.run_forever()

    threading.Thread(target=run, daemon=True).start()
    ready.wait(10)


def wsgi_caller():
    from django.core.handlers.wsgi import WSGIHandler

    handler = WSGIHandler()
    server_loop()

    def call(path: str, body: bytes, token: str) -> tuple[int, bytes]:
        environ = {
            "REQUEST_METHOD": "POST",
            "PATH_INFO": path,
            "SCRIPT_NAME": "",
            "QUERY_STRING": "",
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "8000",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1",
            "HTTP_HOST": "127.0.0.1",
            "CONTENT_TYPE": "application/json",
            "CONTENT_LENGTH": str(len(body)),
            "HTTP_ACCEPT": "application/json",
            "HTTP_AUTHORIZATION": f"Token {token}",
            "wsgi.input": io.BytesIO(body),
            "wsgi.url_scheme": "http",
            "wsgi.errors": sys.stderr,
            "wsgi.multithread": True,
            "wsgi.multiprocess": True,
            "wsgi.run_once": False,
            "wsgi.version": (1, 0),
        }
        status = []
        chunks = handler(environ, lambda s, h, exc_info=None: status.append(s))
        data = b"".join(chunks)
        if hasattr(chunks, "close"):
            chunks.close()
        return int(status[0].split()[0]), data

    return call


def asgi_caller():
    from config.asgi import application

    loop = asyncio.new_event_loop()

    async def request(path: str, body: bytes, token: str) -> tuple[int, bytes]:
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "POST",
            "scheme": "http",
            "path": path,
            "raw_path": path.encode(),
            "query_string": b"",
            "root_path": "",
            "headers": [
                (b"host", b"127.0.0.1"),
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"accept", b"application/json"),
                (b"authorization", f"Token {token}".encode()),
            ],
            "client": ("127.0.0.1", 50000),
            "server": ("127.0.0.1", 8000),
        }
        sent = False
        out: dict = {"status": 0, "body": []}

        async def receive():
            nonlocal sent
            if sent:
                await asyncio.sleep(3600)
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        async def send(message):
            if message["type"] == "http.response.start":
                out["status"] = message["status"]
            elif message["type"] == "http.response.body":
                out["body"].append(message.get("body", b""))

        await application(scope, receive, send)
        return out["status"], b"".join(out["body"])

    def call(path: str, body: bytes, token: str) -> tuple[int, bytes]:
        return loop.run_until_complete(request(path, body, token))

    return call


def service_caller():
    """No HTTP at all: the move service and the answer's JSON, as the view runs them (pushes on a loop thread)."""
    from django.utils import timezone
    from rest_framework.authtoken.models import Token

    from config.api_errors import status_of
    from games.play.moves import submit_move
    from games.serializers_live import game_detail
    from record.refusals import Refusal

    users = {t.key: t.user for t in Token.objects.select_related("user")}
    server_loop()

    def call(path: str, body: bytes, token: str) -> tuple[int, bytes]:
        data, now = json.loads(body), timezone.now()
        try:
            answer = submit_move(int(path.split("/")[3]), users[token], data["move"], now=now)
        except Refusal as exc:
            return status_of(exc.kind), json.dumps({"detail": exc.reason}).encode()
        detail = dict(answer.live.pushed_detail or game_detail(answer.live, users[token], now))
        return 200, json.dumps({**detail, "move": answer.move, "duplicate": answer.duplicate}).encode()

    return call


def play(call, games: list[dict], moves: int, rng: random.Random) -> tuple[int, list[float], list[str]]:
    """Play ``moves`` moves round-robin; returns the moves accepted, their wall times and the refusals."""
    live = [g for g in games if g["state"]["legal_moves"]]
    done, walls, errors = 0, [], []
    while live and done < moves:
        for game in list(live):
            state = game["state"]
            seat = state["to_move"][0]["seat"]
            body = json.dumps({"move": rng.choice(state["legal_moves"])}).encode()
            started = time.perf_counter()
            status, data = call(f"/api/games/{game['id']}/moves/", body, game["tokens"][seat])
            walls.append(time.perf_counter() - started)
            answer = json.loads(data)
            if status != 200:
                errors.append(f"{status} {answer.get('detail')}")
                live.remove(game)
                continue
            done += 1
            game["state"] = answer
            if not answer["legal_moves"] or len(answer["moves"]) >= 120:
                live.remove(game)
            if done >= moves:
                break
    return done, walls, errors


def first_states(games: list[dict]) -> None:
    from django.utils import timezone

    from games.serializers_live import game_detail
    from tournaments.models import Game

    for game in games:
        game["state"] = game_detail(Game.objects.get(pk=game["id"]), None, timezone.now())


def report(profiler: cProfile.Profile, top: int) -> str:
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    stages = "|".join(s.replace("*", ".*").replace("(", r"\(").replace(")", r"\)") for s in STAGES)
    stats.sort_stats("cumulative").print_stats(stages)
    return out.getvalue()


def stage_table(call, games: list[dict], moves: int, rng: random.Random, cpu_ms_per_move: float) -> str:
    """Profile ``moves`` more moves; their stages' shares applied to the unprofiled CPU of a move."""
    profiler = cProfile.Profile(time.process_time)
    profiler.enable()
    play(call, games, moves, rng)
    profiler.disable()
    return breakdown(pstats.Stats(profiler), cpu_ms_per_move)


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--warmup", type=int, default=400, help="moves played first, not measured")
    parser.add_argument(
        "--handler", choices=["asgi", "wsgi", "service"], default="asgi", help="asgi: the container's; service: no HTTP"
    )
    parser.add_argument("--redis", default=None, help="Redis for the token cache, the channel layer and the broker")
    parser.add_argument("--profile", type=int, default=0, help="print the N most expensive functions")
    parser.add_argument("--stats-file", default="", help="with --profile: also save the profile (pstats) to this file")
    parser.add_argument(
        "--stages", action="store_true", help="after the measured moves, as many profiled: CPU per stage of a move"
    )
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/bench_live_profile")
    args = parser.parse_args()
    args.server = "uvicorn" if args.handler == "asgi" else "gunicorn"  # what benchmarks.live.server_env reads
    if args.redis is None:
        args.redis = redis_default()
    args.broker = redis_url(args, "broker") if args.redis else ""
    return args


def main() -> int:
    args = parse_args()
    recreate_database(args.database_url)
    games = populate(args)
    from django.db import connection
    from django.db.backends.signals import connection_created

    first_states(games)
    call = {"wsgi": wsgi_caller, "asgi": asgi_caller, "service": service_caller}[args.handler]()
    rng = random.Random(1)
    play(call, games, args.warmup, rng)
    statements = Statements()
    connection_created.connect(statements.install)  # every request's connection, whatever thread serves it
    with connection.execute_wrapper(statements):
        db_before = postgres_cpu_seconds(args.database_url)
        profiler = cProfile.Profile(time.process_time) if args.profile else None  # CPU, not waits
        cpu_before, wall_before = time.process_time(), time.perf_counter()
        if profiler:
            profiler.enable()
        done, walls, errors = play(call, games, args.moves, rng)
        if profiler:
            profiler.disable()
        cpu, wall = time.process_time() - cpu_before, time.perf_counter() - wall_before
        db_cpu = postgres_cpu_seconds(args.database_url) - db_before
    walls.sort()
    result = {
        "handler": args.handler,
        "redis": "cache, channel layer, broker" if args.redis else "none",
        "moves": done,
        "errors": len(errors),
        "wall_ms_per_move": round(wall * 1000 / max(done, 1), 3),
        "p50_ms": round(walls[len(walls) // 2] * 1000, 3) if walls else None,
        "cpu_ms_per_move": round(cpu * 1000 / max(done, 1), 3),
        "statements_per_move": round(statements.count / max(done, 1), 2),
        "statement_wait_ms_per_move": round(statements.seconds * 1000 / max(done, 1), 3),
        "postgres_cpu_ms_per_move": round(db_cpu * 1000 / max(done, 1), 3),
        "load_average": os.getloadavg()[0],
        "profiled": bool(profiler),
        **machine(),
    }
    print(json.dumps(result, indent=2))
    if errors:
        print("first errors:", errors[:5], file=sys.stderr)
    if profiler:
        print(report(profiler, args.profile))
        if args.stats_file:
            profiler.dump_stats(args.stats_file)
    if args.stages and args.handler == "asgi":
        print("--stages: the ASGI handler runs the view in other threads, which cProfile does not see; use wsgi")
    elif args.stages and not profiler:
        print(stage_table(call, games, args.moves, rng, result["cpu_ms_per_move"]))
    if args.redis:
        clear_redis(args)
    return 0 if not errors else 1


if __name__ == "__main__":
    raise SystemExit(main())
