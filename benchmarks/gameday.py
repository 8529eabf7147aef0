"""A game day: a whole Swiss played live by bots on the served stack, with spectators, optionally under faults.

    .venv/bin/python benchmarks/gameday.py --players N --rounds R --variant KEY --time-control T [--faults]
        [--scoring classical] [--resign-after 20] [--think 0] [--spectators N] [--round-timeout 900]
        [--database-url postgres://postgres@127.0.0.1:5432/rvchess_gameday] [--redis-port 6441] [--port-base 8670]
        [--drop-database] [--json FILE] [--markdown FILE]

It starts the stack (benchmarks/gameday_stack.py: `make stack`'s topology, nginx in front of gunicorn and two uvicorn
processes, a Celery worker and beat, on a fresh PostgreSQL database whose name contains ``gameday`` and a Redis
server of its own on ``--redis-port``; nginx on ``--port-base``, the servers behind it on the next three ports), builds the
event through the organizer API (benchmarks/gameday_director.py), gives every player a bot and starts spectators
(benchmarks/gameday_bots.py, all coroutines of this process), then pairs, reviews and publishes each round through
the API while the bots play every game live with the clocks of ``--time-control``. ``--variant`` is a key of the
variants registry: a rolled variant is played under its first dice draw (a Random Variant Chess Swiss pairs by the
seed's colour schedule), any other as a fixed variant (the FIDE Dutch system).

With ``--faults`` the worker is SIGKILLed while round 2's publish is in flight and started again, the Redis server is
restarted during round 2 and every database connection of the stack is terminated during round 3 (all in the last
round of a shorter event). Each request in flight at a fault that fails is counted and sent again.

It prints a table per round (pairing time, moves/s, p50/p99 of a move and of its push, page times, 5xx and socket
errors) and the checks at the end (benchmarks/gameday_checks.py); the exit status is 0 when every check holds and
no error happened outside a fault.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shlex
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.gameday_bots import Bot, Day, spectate  # noqa: E402
from benchmarks.gameday_checks import standings_problems, stored_problems  # noqa: E402
from benchmarks.gameday_director import build_event, fault_plan, run_round  # noqa: E402
from benchmarks.gameday_net import Http, Metrics, percentile  # noqa: E402
from benchmarks.gameday_stack import Stack, StackConfig, drop_database  # noqa: E402
from benchmarks.process_cpu import machine  # noqa: E402
from variants.registry import variant_keys  # noqa: E402

STANDINGS_WAIT_SECONDS = 120.0


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--rounds", type=int, required=True)
    parser.add_argument("--variant", required=True, help="a key of the variants registry")
    parser.add_argument("--time-control", required=True, help="e.g. 5+3 (minutes + seconds a move)")
    parser.add_argument("--faults", action="store_true", help="kill the worker, restart Redis, cut the database")
    parser.add_argument("--scoring", default="classical", help="the event's scoring profile")
    parser.add_argument("--resign-after", type=int, default=20, help="a bot resigns a game once it has N moves")
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean seconds a bot thinks before a move (0: every game always waits on the server)")  # fmt: skip
    parser.add_argument("--spectators", type=int, default=None, help="default: one per 25 players, at least 2")
    parser.add_argument("--round-timeout", type=float, default=900.0, help="seconds a round may take")
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/rvchess_gameday")
    parser.add_argument("--redis-port", type=int, default=6441)
    parser.add_argument("--port-base", type=int, default=8670, help="nginx on it, gunicorn and uvicorn on the next 3")
    parser.add_argument("--web-workers", type=int, default=2)
    parser.add_argument("--connections", type=int, default=32, help="HTTP connections the clients share")
    parser.add_argument("--workdir", default="/tmp/gameday", help="the servers' logs")
    parser.add_argument("--drop-database", action="store_true", help="drop the game day's database at the end")
    parser.add_argument("--json", default="", help="write the report as JSON to this file")
    parser.add_argument("--markdown", default="", help="append the report as Markdown to this file")
    options = parser.parse_args(argv)
    if options.variant not in variant_keys():
        parser.error(f"--variant {options.variant!r}: choose one of {', '.join(variant_keys())}")
    if options.players < 2 or options.rounds < 1:
        parser.error("a game day needs at least 2 players and 1 round")
    if options.spectators is None:
        options.spectators = max(2, options.players // 25)
    return options


async def play(options: argparse.Namespace, stack: Stack) -> dict:
    metrics = Metrics()
    day = Day(Http(stack.http_url, metrics, options.connections), stack.ws_url, metrics, resign_after=options.resign_after,
              think=options.think)  # fmt: skip
    started = time.monotonic()
    token, tokens = await build_event(day, stack, options)
    setup_s = time.monotonic() - started
    bots = [Bot(day, player, key, seed) for seed, (player, key) in enumerate(sorted(tokens.items()))]
    crowd = [asyncio.create_task(bot.run()) for bot in bots]
    crowd += [asyncio.create_task(spectate(day, seed)) for seed in range(options.spectators)]
    await asyncio.sleep(2.0)  # the bots' event sockets open
    plan = fault_plan(options.rounds) if options.faults else {}
    problems, crashed = [], []
    try:
        for number in range(1, options.rounds + 1):
            await run_round(day, stack, token, number, plan.get(number, []), options.round_timeout)
            crashed += [f"round {number}: {name} stopped" for name in stack.dead()]
            print(json.dumps(metrics.rounds[number].row()), flush=True)
    finally:
        day.over.set()
        outcomes = await asyncio.gather(*crowd, return_exceptions=True)
    problems += [f"a bot or spectator failed: {o!r}" for o in outcomes if isinstance(o, BaseException)][:10]
    problems += crashed
    if metrics.bot_failures:
        problems.append(f"{metrics.bot_failures} bot game tasks failed (see first_unexpected)")
    await wait_for_standings(day, options.rounds)
    problems += await asyncio.to_thread(stored_problems, day, options.database_url)
    problems += await standings_problems(day)
    await day.http.close()
    return {"setup_s": round(setup_s, 1), "rounds": [metrics.rounds[n].row() for n in range(1, options.rounds + 1)],
            "whole": whole(metrics, options.rounds), "acknowledged_moves": len(metrics.acknowledged),
            "problems": problems}  # fmt: skip


def whole(metrics: Metrics, rounds: int) -> dict:
    """The event as one: moves over the rounds' play time, the moves' and pushes' percentiles over all rounds."""
    played = [metrics.rounds[n] for n in range(1, rounds + 1)]
    seconds = sum(r.ended - r.started for r in played)
    moves, pushes = [x for r in played for x in r.move_s], [x for r in played for x in r.push_s]
    return {"play_s": round(seconds, 1), "moves": sum(r.moves for r in played),
            "moves_per_s": round(sum(r.moves for r in played) / max(seconds, 1e-9), 1),
            "move_p50_ms": round(percentile(moves, 50) * 1000, 1), "move_p99_ms": round(percentile(moves, 99) * 1000, 1),
            "push_p50_ms": round(percentile(pushes, 50) * 1000, 1), "push_p99_ms": round(percentile(pushes, 99) * 1000, 1),
            "pushes_late": sum(r.pushes_missed for r in played)}  # fmt: skip


async def wait_for_standings(day: Day, rounds: int) -> None:
    """The standings snapshot follows the last result through the worker: wait until it counts every round."""
    deadline = time.monotonic() + STANDINGS_WAIT_SECONDS
    while time.monotonic() < deadline:
        served = await day.http.json("GET", f"/api/events/{day.slug}/standings/")
        if served.get("rounds_complete") == rounds:
            return
        await asyncio.sleep(1.0)


def verdict(report: dict) -> bool:
    unexpected = sum(r["5xx_or_no_answer_unexpected"] + r["socket_errors_unexpected"] for r in report["rounds"])
    return not report["problems"] and unexpected == 0


COLUMNS = ("round", "pairing s", "publish s", "play s", "moves", "moves/s", "move p50/p99 ms", "push p50/p99 ms",
           "pushes late > 5 s", "bots' CPU s", "load at end", "pages p50 ms (event/round/standings/live)", "page p99 ms",
           "5xx+no answer: at fault / other", "socket errors: at fault / other", "faults")  # fmt: skip


def table_row(r: dict) -> str:
    p50, p99 = r["page_p50_ms"], r["page_p99_ms"]
    cells = [r["round"], r["pairing_s"], r["publish_s"], r["play_s"], r["moves"], r["moves_per_s"],
             f"{r['move_p50_ms']} / {r['move_p99_ms']}", f"{r['push_p50_ms']} / {r['push_p99_ms']}", r["pushes_missed"],
             r["client_cpu_s"], r["load_at_end"], " / ".join(str(p50[k]) for k in p50), " / ".join(str(p99[k]) for k in p99),
             f"{r['5xx_or_no_answer_at_fault']} / {r['5xx_or_no_answer_unexpected']}",
             f"{r['socket_errors_at_fault']} / {r['socket_errors_unexpected']}", "; ".join(r["faults"]) or "-"]  # fmt: skip
    return "| " + " | ".join(str(cell) for cell in cells) + " |"


def markdown(report: dict) -> str:
    head = "| " + " | ".join(COLUMNS) + " |\n" + "|---" * len(COLUMNS) + "|\n"
    lines = [table_row(r) for r in report["rounds"]]
    facts = report["machine"]
    checks = "all hold" if not report["problems"] else "; ".join(report["problems"][:10])
    return (f"\n`{report['command']}`\n\n{facts['nproc']} cores ({facts['cpu']}), Python {facts['python']}; load average "
            f"before {report['load_before']}, after {report['load_after']}; set-up {report['setup_s']} s, total "
            f"{report['total_s']} s; {report['acknowledged_moves']} moves acknowledged.\n\n{head}" + "\n".join(lines)
            + "\n\nThe whole event: {moves} moves in {play_s} s of play, {moves_per_s} moves/s; a move p50 {move_p50_ms} ms, "
              "p99 {move_p99_ms} ms; a push p50 {push_p50_ms} ms, p99 {push_p99_ms} ms; {pushes_late} pushes late > 5 s "
              "or lost.".format(**report["whole"])
            + f"\n\nChecks: {checks}. Verdict: {'pass' if report['pass'] else 'FAIL'}.\n")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    options = arguments(argv)
    config = StackConfig(options.database_url, options.redis_port, options.port_base, web_workers=options.web_workers,
                         workdir=Path(options.workdir))  # fmt: skip
    stack = Stack(config)
    load_before, started = [round(x, 2) for x in os.getloadavg()], time.monotonic()
    try:
        stack.start()
        report = asyncio.run(play(options, stack))
    except Exception:
        for name in ("web", "socket-1", "worker", "nginx-error"):
            print(f"--- {name} log ---\n{stack.log_tail(name)}", file=sys.stderr)
        raise
    finally:
        stack.shutdown()
        if options.drop_database:
            drop_database(options.database_url)
    report.update(command="benchmarks/gameday.py " + shlex.join(sys.argv[1:] if argv is None else argv),
                  machine=machine(), load_before=load_before, load_after=[round(x, 2) for x in os.getloadavg()],
                  total_s=round(time.monotonic() - started, 1))  # fmt: skip
    report["pass"] = verdict(report)
    text = markdown(report)
    print(text)
    if options.json:
        Path(options.json).write_text(json.dumps(report, indent=2))
    if options.markdown:
        with open(options.markdown, "a", encoding="utf-8") as handle:
            handle.write(text)
    return 0 if report["pass"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
