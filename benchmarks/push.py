"""Benchmark: how fast a move reaches the sockets watching its game (Django Channels over uvicorn).

    .venv/bin/python benchmarks/push.py [--server uvicorn|stack] [--watchers 1000] [--moves 40] [--games 200]
        [--rounds 5] [--workers 1] [--layer memory|redis] [--redis redis://127.0.0.1:6379] [--redis-dbs 10,11,12]
        [--database-url postgres://postgres@127.0.0.1:5432/bench_push] [--write docs/benchmarks/push.md]

It builds a fresh database (the name must start with ``bench``), a published round of ``--games`` chess games
between players with API tokens (benchmarks/live.py's set-up), and starts the server: ``--server uvicorn`` is the
ASGI server alone as `make run` serves (uvicorn, ``--workers``; the channel layer in memory, which needs one worker,
or the layer database of ``--redis-dbs``); ``--server stack`` is deploy/stack.py's topology (the moves through nginx
to gunicorn, the sockets through nginx to ``--workers`` uvicorn processes, the Redis layer, a worker and beat).
The Redis databases named are emptied first. Then:

1. ``--watchers`` sockets watch one game (``/ws/games/{id}/``); ``--moves`` moves are played in it one after the
   other over HTTP (POST /api/games/{id}/moves/ with the token of the seat to move).
2. Every game has two sockets; ``--rounds`` rounds of one move in every game are played by 8 HTTP clients at once.

Latency = the instant a socket receives the state of a move minus the instant the client read that move's HTTP
response (both on this machine's monotonic clock, in this process). It can be negative: the push is sent when the
move commits, before the answer is written. Reported: p50 and p99 over every (move, socket), and over the moves
of "arrived at every socket" (the last socket of each move). The clients run in this process, on the same two
cores as the server: their CPU is part of what is measured.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import random
import re
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.live import free_port, populate, recreate_database, server_env  # noqa: E402
from benchmarks.process_cpu import machine  # noqa: E402
from benchmarks.servers import DEFAULT_REDIS_DBS, Served, redis_url  # noqa: E402

PY = str(ROOT / ".venv" / "bin" / "python")
VERSION = re.compile(rb'"version":(\d+)')


def start_server(args, port: int, env: dict[str, str]) -> subprocess.Popen:
    command = [
        *(PY, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1", "--port", str(port)),
        *("--workers", str(args.workers), "--ws", "websockets-sansio", "--ws-per-message-deflate", args.deflate),
        *("--lifespan", "off", "--log-level", "warning", "--no-access-log"),
    ]
    server = subprocess.Popen(command, cwd=ROOT, env=env)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            connection.request("GET", "/healthz")
            if connection.getresponse().status in (200, 503):
                return server
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise SystemExit("uvicorn did not start within 30 s")


class Mover:
    """One HTTP keep-alive connection playing moves; records when each move's answer was read."""

    def __init__(self, port: int, seed: int) -> None:
        self.port, self.rng = port, random.Random(seed)
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, method: str, path: str, body: dict | None = None, token: str = "") -> tuple[int, dict, float]:
        headers = {"Content-Type": "application/json"} | ({"Authorization": f"Token {token}"} if token else {})
        for attempt in range(2):
            try:
                self.conn.request(method, path, body=json.dumps(body) if body else None, headers=headers)
                response = self.conn.getresponse()
                data = response.read()
                return response.status, json.loads(data or b"{}"), time.perf_counter()
            except (http.client.HTTPException, OSError):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def move(self, game: dict) -> tuple[int, float, float] | None:
        """Play a random legal move in ``game``: (the version it made, when it was sent, when its answer was read)."""
        state = game["state"]
        if not state["legal_moves"]:
            return None
        body = {"move": self.rng.choice(state["legal_moves"])}
        sent = time.perf_counter()
        token = game["tokens"][state["to_move"][0]["seat"]]
        status, answer, answered = self.request("POST", f"/api/games/{game['id']}/moves/", body, token=token)
        if status != 200:
            raise RuntimeError(f"move refused: {status} {answer}")
        game["state"] = answer
        return answer["version"], sent, answered


class Sockets:
    """The watching sockets: when each received each version, and how many have received it."""

    def __init__(self) -> None:
        self.arrivals: dict[tuple, float] = {}  # (game id, socket, version) -> when
        self.counts: dict[tuple, int] = {}  # (game id, version) -> sockets that have it
        self.tasks: list[asyncio.Task] = []

    async def watch(self, port: int, game_id: int, number: int, gate: asyncio.Semaphore, opened: list) -> None:
        from websockets.asyncio.client import connect

        uri = f"ws://127.0.0.1:{port}/ws/games/{game_id}/"
        async with gate:  # a bounded number of handshakes at a time; each holds its turn until its first state
            socket = await connect(uri, origin=f"http://127.0.0.1:{port}", open_timeout=120, ping_interval=None, max_size=2**22)
            await socket.recv(decode=False)
        opened[0] += 1
        async for message in socket:
            at = time.perf_counter()
            found = VERSION.search(message if isinstance(message, bytes) else message.encode())
            if found:
                version = int(found.group(1))
                self.arrivals[(game_id, number, version)] = at
                self.counts[(game_id, version)] = self.counts.get((game_id, version), 0) + 1

    async def open(self, port: int, plan: list[tuple[int, int]]) -> None:
        """A socket per ``(game id, number)``; returns once every one has received the current state."""
        gate, opened = asyncio.Semaphore(50), [0]
        self.tasks = [asyncio.create_task(self.watch(port, game_id, number, gate, opened)) for game_id, number in plan]
        deadline = time.perf_counter() + 300
        while opened[0] < len(plan):
            failed = [t for t in self.tasks if t.done()]
            if failed or time.perf_counter() > deadline:
                raise SystemExit(f"{opened[0]} of {len(plan)} sockets opened: {failed[0].exception() if failed else 'timeout'}")
            await asyncio.sleep(0.05)

    async def wait_for(self, game_id: int, version: int, sockets: int, timeout: float = 5.0) -> None:
        deadline = time.perf_counter() + timeout
        while self.counts.get((game_id, version), 0) < sockets and time.perf_counter() < deadline:
            await asyncio.sleep(0.01)

    def close(self) -> None:
        for task in self.tasks:
            task.cancel()


def latencies(moves: list[tuple], arrivals: dict, sockets_of: dict) -> dict:
    """p50/p99 (ms) of every (move, socket) and of each move's last socket, counted from the move's answer and from
    its request; and how many states never arrived."""
    found = {"each": [], "last": [], "each_from_request": [], "lost": 0}
    for (game_id, version), sent, answered in moves:
        got = [arrivals.get((game_id, s, version)) for s in sockets_of[game_id]]
        found["lost"] += sum(1 for t in got if t is None)
        seen = [t for t in got if t is not None]
        found["each"] += [(t - answered) * 1000 for t in seen]
        found["each_from_request"] += [(t - sent) * 1000 for t in seen]
        if seen:
            found["last"].append((max(seen) - answered) * 1000)
    return {
        "moves": len(moves),
        "lost": found["lost"],
        "each_ms": quantiles(found["each"]),
        "all_arrived_ms": quantiles(found["last"]),
        "each_from_request_ms": quantiles(found["each_from_request"]),
    }


def quantiles(values: list[float]) -> dict:
    if len(values) < 2:
        return {"p50": None, "p99": None}
    q = statistics.quantiles(values, n=100, method="inclusive")
    return {"p50": round(q[49], 1), "p99": round(q[98], 1), "max": round(max(values), 1)}


async def one_game_many_watchers(args, port: int, game: dict) -> dict:
    sockets = Sockets()
    await sockets.open(port, [(game["id"], i) for i in range(args.watchers)])
    mover, sent = Mover(port, seed=1), []
    for _ in range(args.moves):
        made = await asyncio.to_thread(mover.move, game)
        if made is None:
            break
        sent.append(((game["id"], made[0]), made[1], made[2]))
        await sockets.wait_for(game["id"], made[0], args.watchers)
        await asyncio.sleep(args.pause)
    sockets.close()
    return {"sockets": args.watchers, **latencies(sent, sockets.arrivals, {game["id"]: range(args.watchers)})}


async def many_games_two_watchers(args, port: int, games: list[dict]) -> dict:
    sockets = Sockets()
    await sockets.open(port, [(g["id"], i) for g in games for i in range(2)])
    movers, sent, lock = [Mover(port, seed=10 + i) for i in range(8)], [], threading.Lock()

    def play_share(mover: Mover, share: list[dict]) -> None:
        for game in share:
            made = mover.move(game)
            if made is not None:
                with lock:
                    sent.append(((game["id"], made[0]), made[1], made[2]))

    for _ in range(args.rounds):
        await asyncio.gather(*(asyncio.to_thread(play_share, m, games[i::8]) for i, m in enumerate(movers)))
        await asyncio.sleep(0.5)
    await asyncio.sleep(1)
    sockets.close()
    return {"sockets": 2 * len(games), **latencies(sent, sockets.arrivals, {g["id"]: range(2) for g in games})}


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--watchers", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--pause", type=float, default=0.2, help="seconds between two moves of the watched game")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--layer", choices=["memory", "redis"], default="memory")
    parser.add_argument(
        "--server",
        choices=["uvicorn", "stack"],
        default="uvicorn",
        help="uvicorn alone (HTTP and sockets), or the stack (deploy/stack.py: nginx, gunicorn, --workers uvicorn)",
    )
    parser.add_argument("--redis", default="redis://127.0.0.1:6379", help="the Redis of --layer redis and of the stack")
    parser.add_argument("--redis-dbs", default=DEFAULT_REDIS_DBS, help="its databases: cache,layer,broker (emptied)")
    parser.add_argument("--deflate", choices=["true", "false"], default="false", help="per-message compression (served: off)")
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/bench_push")
    parser.add_argument("--write", default="", help="append the result as a Markdown table row to this file")
    args = parser.parse_args()
    if args.server == "stack":
        args.layer = "redis"  # the stack's sockets are several processes: the Redis layer
    if args.layer == "memory" and args.workers != 1:
        parser.error("the in-memory layer reaches the sockets of one process only: use --layer redis with --workers > 1")
    # What benchmarks/live.py's set-up reads: no broker for uvicorn alone (flag checks are not measured here).
    args.broker = redis_url(args, "broker") if args.server == "stack" else ""
    args.sockets, args.threads, args.worker_class = args.workers, 4, "gthread"  # the stack: --workers uvicorn processes
    return args


async def run(args, port: int, server, games: list[dict]) -> dict:
    mover = Mover(port, seed=0)
    for game in games:
        _, game["state"], _ = await asyncio.to_thread(mover.request, "GET", f"/api/games/{game['id']}/")
    cpu_before, load_before = sum(server.cpu().values()), os.getloadavg()[0]
    started, client_before = time.perf_counter(), time.process_time()
    watched = await one_game_many_watchers(args, port, games[0])
    spread = await many_games_two_watchers(args, port, games[1:])
    return {
        "server": f"uvicorn {args.workers} worker(s), channel layer {args.layer}"
        if args.server == "uvicorn"
        else f"stack: nginx, gunicorn 2 x4 (moves), {args.workers} uvicorn (sockets), Redis layer",
        "one_game": watched,
        "many_games": spread,
        "seconds": round(time.perf_counter() - started, 1),
        "server_cpu_s": round(sum(server.cpu().values()) - cpu_before, 1),
        "client_cpu_s": round(time.process_time() - client_before, 1),
        "load_average_before_after": [round(load_before, 2), round(os.getloadavg()[0], 2)],
        **machine(),
    }


def table_row(result: dict) -> str:
    one, many = result["one_game"], result["many_games"]
    cells = [
        result["server"],
        f"{one['sockets']} on 1 game",
        one["moves"],
        one["each_ms"]["p50"],
        one["each_ms"]["p99"],
        one["all_arrived_ms"]["p99"],
        one["each_from_request_ms"]["p99"],
        f"{many['sockets']} on {many['sockets'] // 2} games",
        many["moves"],
        many["each_ms"]["p50"],
        many["each_ms"]["p99"],
        one["lost"] + many["lost"],
        result["server_cpu_s"],
        result["client_cpu_s"],
        " / ".join(str(x) for x in result["load_average_before_after"]),
    ]
    return "| " + " | ".join(str(c) for c in cells) + " |\n"


class Alone:
    """uvicorn alone, as `make run` and (before issue 26) the container serve: HTTP and the sockets."""

    def __init__(self, args, env: dict[str, str]) -> None:
        self.port = free_port()
        self.process = start_server(args, self.port, env)

    def cpu(self) -> dict[int, float]:
        from benchmarks.process_cpu import process_cpu_seconds

        return process_cpu_seconds(self.process.pid)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            self.process.kill()


def main() -> int:
    args = parse_args()
    args.games += 1  # one for the many watchers, the rest two sockets each
    recreate_database(args.database_url)
    games = populate(args)
    if args.layer == "redis":
        import redis

        for db in {int(n) for n in args.redis_dbs.split(",")}:
            redis.Redis.from_url(f"{args.redis.rstrip('/')}/{db}").flushdb()
    if args.server == "stack":
        server = Served(args)
    else:
        # As the container serves: PostgreSQL connections from a pool (DB_POOL_SIZE), the layer as chosen.
        layer = redis_url(args, "layer") if args.layer == "redis" else ""
        env = server_env(args) | {"LOG_LEVEL": "ERROR", "CHANNEL_LAYER_URL": layer, "DB_POOL_SIZE": "10", "DB_CONN_MAX_AGE": "0"}
        env |= {"CACHE_URL": "", "CELERY_BROKER_URL": ""}
        server = Alone(args, env)
    try:
        result = asyncio.run(run(args, server.port, server, games))
    finally:
        server.stop()
    print(json.dumps(result, indent=2))
    if args.write:
        with open(ROOT / args.write, "a", encoding="utf-8") as handle:
            handle.write(table_row(result))
    return 0 if not result["one_game"]["lost"] and not result["many_games"]["lost"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
