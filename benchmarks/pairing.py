"""Benchmark: pair round 9 of synthetic Swiss events of 250 to 10,000 players (pure algorithm, no database).

    .venv/bin/python benchmarks/pairing.py [--sizes 250 500 1000 2000 5000 10000] [--round 9] [--repeat 3]
                                           [--today-up-to 5000]

Rounds 1 to 8 are paired by ``pair_swiss`` and played with seeded dynamic-scoring results
(pairing.synthetic); the timed call is ``pair_swiss`` for round 9 (median of ``--repeat`` calls, wall
and this process's CPU time: on a shared machine the wall time follows the load, the CPU time does not).
For sizes up to ``--today-up-to`` the same round is also paired as before issue 15, one matching of the whole field
(``block=None``), timed once (wall), and the two pairings are compared: total cost (docs/pairing.md) and the share of
identical boards. Prints a growth table; results: docs/benchmarks/pairing.md.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pairing import swiss
from pairing.synthetic import SyntheticEvent, new_event, play_round


def history(n: int, rounds: int, seed: int = 1) -> SyntheticEvent:
    event = new_event(n, seed)
    rng = random.Random(seed)
    for _ in range(rounds):
        play_round(event, rng)
    return event


def total_cost(players: list[swiss.SwissPlayer], number: int, result: swiss.SwissRound) -> int:
    """The objective both methods minimise, summed over the boards (docs/pairing.md)."""
    ordered = [p for p in sorted(players, key=swiss._rank_key) if p.id != result.bye]
    index = {p.id: k for k, p in enumerate(ordered)}
    wishes = [swiss._wish(p, number) for p in ordered]
    total = 0
    for a, b in result.pairs:
        i, j = sorted((index[a], index[b]))
        total += swiss._edge_cost(ordered[i], ordered[j], i, j, 0, False, wishes, swiss.SCORE_UNIT / 100)
    return total


def pieces_used(players: list[swiss.SwissPlayer], number: int) -> int:
    """How many pieces the new pairing matched (1: the whole field at once)."""
    count = []
    original = swiss._match_piece
    swiss._match_piece = lambda *args: count.append(1) or original(*args)
    try:
        swiss.pair_swiss(players, number, points_per_game=100)
    finally:
        swiss._match_piece = original
    return len(count) or 1


def measure(n: int, number: int, repeat: int, today: bool) -> dict[str, object]:
    started = time.perf_counter()
    players = list(history(n, number - 1).players.values())
    row: dict[str, object] = {"players": n, "history": time.perf_counter() - started, "load": os.getloadavg()[0]}
    times, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = swiss.pair_swiss(players, number, points_per_game=100)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    row.update(median=statistics.median(times), worst=max(times), cpu=statistics.median(cpu))
    row["pieces"] = pieces_used(players, number)
    if today:
        start = time.perf_counter()
        before = swiss.pair_swiss(players, number, points_per_game=100, block=None)
        row["today"] = time.perf_counter() - start
        ours, theirs = total_cost(players, number, result), total_cost(players, number, before)
        row["cost"] = f"{ours} vs {theirs} ({(ours - theirs) / max(theirs, 1):+.2%})"
        row["same"] = len(set(result.pairs) & set(before.pairs)) / max(1, len(before.pairs))
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[250, 500, 1000, 2000, 5000, 10000])
    parser.add_argument("--round", type=int, default=9, dest="number")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--today-up-to", type=int, default=5000, help="largest field also paired as before issue 15")
    args = parser.parse_args()
    print(
        f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at the start; round {args.number}, "
        f"pieces of {swiss.SLIDING_BLOCK} (overlap {swiss.SLIDING_OVERLAP})"
    )
    print(
        "| players | new: median s | new: slowest s | new: CPU s | growth (time / players) | pieces "
        "| one matching as before s | total cost, new vs before | same boards | history s | load |"
    )
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |")
    previous = None
    for n in args.sizes:
        row = measure(n, args.number, args.repeat, n <= args.today_up_to)
        growth = "" if previous is None else f"x{row['median'] / previous['median']:.1f} / x{n / previous['players']:.1f}"
        today = f"{row['today']:.3f}" if "today" in row else "-"
        same = f"{row['same']:.0%}" if "same" in row else "-"
        print(
            f"| {n:,} | {row['median']:.3f} | {row['worst']:.3f} | {row['cpu']:.3f} | {growth} | {row['pieces']} | {today} "
            f"| {row.get('cost', '-')} | {same} | {row['history']:.1f} | {row['load']:.2f} |",
            flush=True,
        )
        previous = row
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
