"""Benchmark: Twilight Chess legal move generation with six pieces in reserve, against plain chess (python-chess).

    .venv/bin/python benchmarks/twilight_movegen.py [--seconds 1.0]

Each case is one board, timed three ways in the same run: python-chess's ``chess.Board`` on the board as it
stands (the peer), the Twilight board with the same pieces and empty reserves, and the Twilight board with six
warped pieces in reserve. Each timing generates the full legal move list repeatedly for ``--seconds`` and keeps
the best of three rounds. Results go to docs/benchmarks/twilight.md.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import chess

from variants.twilight import TwilightBoard

# (name, board with side to move and rights, White's reserve, Black's reserve)
CASES = [
    (
        "opening, 3 + 3 in reserve",
        "r2qk2r/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/R2QK2R w KQkq - 4 5",
        "NBB",
        "nbb",
    ),
    (
        "middlegame, 3 + 3 in reserve",
        "r4rk1/pp2qppp/2p1b3/3p4/3P4/2PB1Q2/PP3PPP/R4RK1 w - - 0 15",
        "NNB",
        "nnb",
    ),
    (
        "endgame, all 6 White's",
        "8/5pk1/6p1/8/3K4/6P1/5P2/8 w - - 0 40",
        "QRNBPP",
        "",
    ),
    (
        "endgame, 3 + 3 in reserve",
        "8/5pk1/6p1/8/3K4/6P1/5P2/8 w - - 0 40",
        "RNP",
        "rnp",
    ),
]


def rate(generate, seconds: float) -> tuple[float, int]:
    """Best-of-three generations per second, and the number of moves one generation yields."""
    moves = len(generate())
    best = 0.0
    for _ in range(3):
        count = 0
        start = time.perf_counter()
        deadline = start + seconds / 3
        while True:
            for _ in range(20):
                generate()
            count += 20
            now = time.perf_counter()
            if now >= deadline:
                break
        best = max(best, count / (now - start))
    return best, moves


def twilight_fen(fen: str, white: str, black: str) -> str:
    board, info = fen.split(" ", 1)
    return f"{board}[{white.upper()}{black.lower()}] {info}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    args = parser.parse_args()

    print(f"Python {platform.python_version()}, python-chess {chess.__version__}")
    header = f"{'case':32} {'chess moves':>11} {'chess gen/s':>12} {'twi(0) gen/s':>13} {'twilight moves':>14}"
    print(header + f" {'twilight gen/s':>14} {'us/position':>11} {'slowdown':>9} {'us/move':>8} {'chess us/move':>13}")
    for name, fen, white, black in CASES:
        plain = chess.Board(fen)
        empty = TwilightBoard(twilight_fen(fen, "", ""))
        full = TwilightBoard(twilight_fen(fen, white, black))
        assert len(white) + len(black) == 6 and full.is_valid(), name

        chess_rate, chess_moves = rate(lambda board=plain: list(board.generate_legal_moves()), args.seconds)
        empty_rate, empty_moves = rate(lambda board=empty: list(board.generate_legal_moves()), args.seconds)
        twilight_rate, twilight_moves = rate(lambda board=full: list(board.generate_legal_moves()), args.seconds)
        warps = chess.popcount(plain.occupied_co[plain.turn] & ~plain.kings)
        assert empty_moves == chess_moves + warps, name

        print(
            f"{name:32} {chess_moves:11d} {chess_rate:12.0f} {empty_rate:13.0f} {twilight_moves:14d}"
            f" {twilight_rate:14.0f} {1e6 / twilight_rate:11.1f} {chess_rate / twilight_rate:8.1f}x"
            f" {1e6 / twilight_rate / twilight_moves:8.2f} {1e6 / chess_rate / chess_moves:13.2f}"
        )


if __name__ == "__main__":
    main()
