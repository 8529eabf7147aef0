"""Benchmark: what the move path's prepared statements buy against the plain ORM path, side by side in one run.

    .venv/bin/python benchmarks/store.py [--games 200] [--moves 3000] [--rounds 3]
        [--database-url postgres://postgres@127.0.0.1:5432/bench_store] [--write docs/benchmarks/store.md]

The move path stores a move through one repository function (``games.play.store``): the locked read
(``lock_for_move``) and the write (``store_move``). On PostgreSQL they run as statements compiled once and prepared
by the server (``games.play.prepared``); with ``prepared.ENABLED`` off (as while Django logs queries) the same
functions run the plain ORM path: the ORM compiles the lock query each time and writes with ``Model.save``.

The script builds a fresh database (drops and re-creates the one named in --database-url; it refuses a name that
does not start with ``bench``), migrates it and creates ``--games`` chess games, in this process (no server, no
network, no channel layer). Then, for ``--rounds`` rounds, each path in turn (the order alternating per round):

* **store**: ``--moves`` times, in a transaction, ``lock_for_move`` and ``store_move`` of a move row and the columns
  a move changes (the repository alone);
* **move**: ``--moves`` legal moves through ``games.play.moves.submit_move`` (the whole move service: the lock,
  the engine, the clock, the write, the commit; the answer's JSON and the pushes are not part of it).

Per path it prints CPU of this process, wall time and PostgreSQL's CPU (its backend serving this process) per
move, and the statements one move sends (counted in a separate pass, with an execute wrapper).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.live import populate, recreate_database  # noqa: E402
from benchmarks.process_cpu import machine, postgres_cpu_seconds  # noqa: E402

PATHS = ("prepared", "plain ORM")
FIELDS = ["moves", "position", "controllers", "started_at", "status", "clock", "flag_deadline", "version"]


def store_once(game_id: int, ply: int) -> None:
    """One move's locked read and write, with the values a chess move writes (the repository alone)."""
    from django.db import transaction
    from django.utils import timezone

    from games.models import Move
    from games.play.store import lock_for_move, store_move

    with transaction.atomic():
        live = lock_for_move(game_id)
        game, now = live.game, timezone.now()
        game.moves = [*game.moves[-40:], "Nf3" if ply % 2 else "Nf6"]  # a game of some 40 plies
        game.position = "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2"
        game.controllers = {"white": "white", "black": "black"}
        game.started_at = game.started_at or now
        game.status, game.version = "live", game.version + 1
        game.clock = {"white": {"remaining_ms": 90_000, "running": ply % 2 == 0}, "black": {"remaining_ms": 90_000}}
        game.flag_deadline = now
        move = Move(game_id=game_id, ply=ply, army="white", seat="white", notation="Nf3", played_at=now, clock_after=game.clock)
        store_move(live, move, FIELDS)


class Boards:
    """The games, each with a mirror engine to pick a legal move outside the timed call, and its players."""

    def __init__(self, games: list[dict], seed: int) -> None:
        from rest_framework.authtoken.models import Token

        from variants.registry import get_engine

        users = {t.key: t.user for t in Token.objects.select_related("user")}
        self.rng = random.Random(seed)
        self.games = [{"id": g["id"], "engine": get_engine("chess").new(), "plies": 0,
                       "users": {s: users[k] for s, k in g["tokens"].items()}} for g in games]  # fmt: skip

    def next_move(self) -> tuple[int, object, str] | None:
        """(game id, the user to move, a legal move) of the next game still in play, round-robin."""
        while self.games:
            game = self.games.pop(0)
            engine = game["engine"]
            moves = engine.legal_moves(engine.turn)
            if not moves or engine.outcome() is not None or game["plies"] >= 80:
                continue
            game["plies"] += 1
            self.games.append(game)
            move = self.rng.choice(moves)
            user = game["users"][engine.controller(engine.turn)]
            engine.play(move)
            return game["id"], user, move
        return None


def timed(url: str, calls) -> dict:
    """Run ``calls`` (one per move); CPU and wall per move, and PostgreSQL's CPU per move."""
    pg_before, cpu_before, wall_before = postgres_cpu_seconds(url), time.process_time(), time.perf_counter()
    count = 0
    for call in calls:
        call()
        count += 1
    wall, cpu = time.perf_counter() - wall_before, time.process_time() - cpu_before
    pg = postgres_cpu_seconds(url) - pg_before
    return {"moves": count, "cpu_us": cpu / count * 1e6, "wall_us": wall / count * 1e6, "pg_us": pg / count * 1e6}


def statements_per_move(call) -> int:
    from django.db import connection

    sent = []

    def count(execute, sql, params, many, context):
        if not sql.startswith(("SAVEPOINT", "RELEASE SAVEPOINT")):
            sent.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        call()
    return len(sent)


def store_calls(games: list[dict], moves: int, start: int):
    for i in range(moves):
        game = games[i % len(games)]
        yield lambda g=game["id"], ply=start + i: store_once(g, ply)


def move_calls(boards: Boards, moves: int):
    from games.play.moves import submit_move

    for _ in range(moves):
        found = boards.next_move()
        if found is None:
            return
        game_id, user, move = found
        yield lambda g=game_id, u=user, m=move: submit_move(g, u, m)


def use_path(name: str) -> None:
    from games.play import prepared

    prepared.ENABLED = name == "prepared"


def run(args: argparse.Namespace, games: list[dict]) -> dict[tuple[str, str], list[dict]]:
    """Every round: each path in turn (alternating which goes first), the store stage then the move stage."""
    results: dict[tuple[str, str], list[dict]] = {}
    stored, played = games[: len(games) // 4], games[len(games) // 4 :]  # the store stage writes made-up moves
    boards = {name: Boards(played[i :: len(PATHS)], seed=i) for i, name in enumerate(PATHS)}  # each path its games
    ply = 10_000
    for number in range(args.rounds):
        for name in PATHS if number % 2 == 0 else PATHS[::-1]:
            use_path(name)
            results.setdefault((name, "store"), []).append(timed(args.database_url, store_calls(stored, args.moves, ply)))
            ply += args.moves
            results.setdefault((name, "move"), []).append(timed(args.database_url, move_calls(boards[name], args.moves)))
    for name in PATHS:
        use_path(name)
        results[(name, "statements")] = [{"store": statements_per_move(lambda p=ply: store_once(stored[0]["id"], p)),
                                           "move": statements_per_move(next(move_calls(boards[name], 1)))}]  # fmt: skip
        ply += 1
    use_path("prepared")
    return results


def mean(rows: list[dict], key: str) -> float:
    return sum(r[key] for r in rows) / len(rows)


def table(results: dict) -> str:
    lines = [
        "| path | stage | moves | CPU us/move (this process) | wall us/move | PostgreSQL CPU us/move | statements/move |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for stage in ("store", "move"):
        for name in PATHS:
            rows = results[(name, stage)]
            each = " / ".join(f"{r['cpu_us']:.0f}" for r in rows)
            lines.append(
                f"| {name} | {stage} | {sum(r['moves'] for r in rows)} | {mean(rows, 'cpu_us'):.0f} ({each}) | "
                f"{mean(rows, 'wall_us'):.0f} | {mean(rows, 'pg_us'):.0f} | {results[(name, 'statements')][0][stage]} |"
            )
    return "\n".join(lines)


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--moves", type=int, default=3000, help="moves per path, stage and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/bench_store")
    parser.add_argument("--write", default="", help="append the result to this Markdown file")
    args = parser.parse_args()
    args.redis, args.server = "", "gunicorn"  # what benchmarks.live.populate reads: no Redis, no pool
    return args


def main() -> int:
    args = parse_args()
    recreate_database(args.database_url)
    games = populate(args)
    from django.conf import settings

    settings.CHANNEL_LAYERS = {}  # no socket to push to: the pushes are benchmarks/push.py's business
    load = os.getloadavg()
    results = run(args, games)
    after = os.getloadavg()
    info = machine()
    text = (
        f"\n{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {info['nproc']} cores ({info['cpu']}), Python {info['python']}, "
        f"{args.games} games, {args.moves} moves per path, stage and round, {args.rounds} rounds; "
        f"load average (1, 5, 15 min) before {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, "
        f"after {after[0]:.2f} {after[1]:.2f} {after[2]:.2f}\n\n{table(results)}\n"
    )
    print(text)
    if args.write:
        with open(ROOT / args.write, "a") as out:
            out.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
