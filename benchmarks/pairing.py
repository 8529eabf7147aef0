"""Benchmark: pair round 6 of synthetic Swiss events of 200, 500 and 2,000 players (pure algorithm, no database).

    .venv/bin/python benchmarks/pairing.py [--sizes 200 500 2000] [--repeat 3]

Rounds 1-5 are paired by the same code and played with seeded dynamic-scoring results
(tournaments.pairing.synthetic); the timed call is ``pair_swiss`` for round 6. Prints one line per size with
the best and median time, the edges of the sparse graph and the share of players changing colour.
Results: docs/benchmarks/pairing.md.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.pairing import swiss
from tournaments.pairing.synthetic import new_event, play_round


def history(n: int, rounds: int = 5, seed: int = 1):
    event = new_event(n, seed)
    rng = random.Random(seed)
    for _ in range(rounds):
        play_round(event, rng)
    return event


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[200, 500, 2000])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    edges: list[int] = []
    original = swiss._candidates

    def counting(*a):
        found = original(*a)
        edges.append(len(found))
        return found

    swiss._candidates = counting
    for n in args.sizes:
        event = history(n)
        players = list(event.players.values())
        times = []
        for _ in range(args.repeat):
            edges.clear()
            start = time.perf_counter()
            result = swiss.pair_swiss(players, 6, points_per_game=100)
            times.append(time.perf_counter() - start)
        last = {p.id: p.colours[-1] for p in players}
        changed = sum(1 for w, b in result.pairs if last[w] == "b") + sum(1 for w, b in result.pairs if last[b] == "w")
        paired = 2 * len(result.pairs)
        print(
            f"{n:>5} players: best {min(times):.3f} s, median {statistics.median(times):.3f} s, "
            f"graph {edges[-1]} edges ({len(edges)} attempt(s)), {changed / paired:.1%} change colour"
        )


if __name__ == "__main__":
    main()
