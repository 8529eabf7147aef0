"""Chain detection (Switch-Side Chain-Chess) on full boards: is every piece's check under 10 ms?

Run: .venv/bin/python benchmarks/chains.py  (writes nothing; copy the numbers into docs/benchmarks/chains.md)

Measures variants.chains.forms_chain (best of three runs per piece) for every piece of
  * the starting position (32 pieces),
  * 200 random boards of 32 pieces (seeded),
  * the legal-move listing of SwitchSideEngine (one chain check per legal move) in the starting position,
and, as the peer, the brute-force loop enumeration (chains_through) on the starting position after 1.Nf3.
"""

from __future__ import annotations

import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import chess

from variants.chains import chains_through, forms_chain
from variants.sscc import SwitchSideEngine


def timed(function, *args) -> float:
    start = time.perf_counter()
    function(*args)
    return (time.perf_counter() - start) * 1000


def per_piece(occupied: int, repeat: int = 3) -> list[float]:
    """Best of ``repeat`` runs per piece: the machine is shared, the minimum is the cost of the work itself."""
    squares = [sq for sq in range(64) if occupied >> sq & 1]
    return [min(timed(forms_chain, occupied, sq) for _ in range(repeat)) for sq in squares]


def report(label: str, samples: list[float]) -> None:
    samples = sorted(samples)
    p99 = samples[int(len(samples) * 0.99) - 1]
    print(
        f"{label:<44} n={len(samples):>5}  mean {statistics.mean(samples):.3f} ms  "
        f"median {statistics.median(samples):.3f} ms  p99 {p99:.3f} ms  max {samples[-1]:.3f} ms"
    )


def main() -> None:
    print(f"Python {platform.python_version()} on {platform.machine()}")
    start = int(chess.Board().occupied)
    report("forms_chain, starting position (32 pieces)", per_piece(start))

    rng = random.Random(2024)
    random_samples: list[float] = []
    for _ in range(200):
        occupied = sum(1 << sq for sq in rng.sample(range(64), 32))
        random_samples += per_piece(occupied)
    report("forms_chain, random boards of 32 pieces", random_samples)

    engine = SwitchSideEngine.new()
    report("SwitchSideEngine.legal_moves(), start", [timed(engine.legal_moves) for _ in range(20)])

    board = chess.Board()
    board.push_san("Nf3")
    occupied = int(board.occupied)
    fast = statistics.mean(timed(forms_chain, occupied, chess.F3) for _ in range(50))
    slow = statistics.mean(timed(lambda: sum(1 for _ in chains_through(occupied, chess.F3))) for _ in range(3))
    print(f"peer: brute-force enumeration after 1.Nf3, f3: {slow:.2f} ms vs forms_chain {fast:.3f} ms (x{slow / fast:.0f})")


if __name__ == "__main__":
    main()
