"""Chain detection (Switch-Side Chain-Chess) on full boards: the per-position index against today's per-piece method.

Run: .venv/bin/python benchmarks/chains.py [--repeat 200]  (prints a table; results: docs/benchmarks/chains.md)

Both methods run in the same process on the same 32-piece positions (the starting position and four middlegames
without a capture yet), one after the other for each position:

* "every piece": which pieces of the board are on a chain. New: ``chain_squares(occupied)`` (one graph, one set
  of biconnected blocks, every piece answered; its cache is emptied before each call so every call builds).
  Today: ``forms_chain_reference(occupied, sq)`` for each of the 32 pieces (one graph per piece).
* "mover": the question the engine asks for a move, ``forms_chain(occupied_after, moved_square)``, for every legal
  move of the position (cache emptied before each call), against ``forms_chain_reference``.
* "legal_moves()": ``SwitchSideEngine.legal_moves()`` of the position (one chain question per legal move) with the
  engine's chain function as it is and with today's swapped in.

Times are per call, median and p90 of ``--repeat`` calls (today's method: a fifth as many, it is slower).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import chess

import variants.sscc as sscc
from variants import chains
from variants.chains_reference import forms_chain_reference

OPENINGS = {
    "start": "",
    "Giuoco Piano": "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d3 d6 O-O O-O Re1 a6 Bb3 Ba7 h3 h6",
    "King's Indian": "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O Be2 e5 O-O Nc6 d5 Ne7 Ne1 Nd7 f3 f5",
    "French Advance": "e4 e6 d4 d5 e5 c5 c3 Nc6 Nf3 Qb6 a3 Nh6 b4 c4 Be2 Nf5 O-O Be7",
    "Hedgehog": "c4 c5 Nf3 Nf6 g3 b6 Bg2 Bb7 O-O e6 Nc3 Be7 d4 d6 b3 a6 Bb2 Nbd7 e3 O-O Qe2 Qc7 Rfd1 Rfe8",
}


def board_after(moves: str) -> chess.Board:
    board = chess.Board()
    for san in moves.split():
        board.push_san(san)
    assert len(board.piece_map()) == 32, "a benchmark position must keep all 32 pieces"
    return board


def times_ms(call: Callable[[], object], repeat: int, before: Callable[[], object] = lambda: None) -> list[float]:
    samples = []
    for _ in range(repeat):
        before()
        start = time.perf_counter_ns()
        call()
        samples.append((time.perf_counter_ns() - start) / 1e6)
    return samples


def median_p90(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[max(0, int(len(ordered) * 0.9) - 1)]


def every_piece_today(occupied: int) -> int:
    return sum(1 << sq for sq in range(64) if occupied >> sq & 1 and forms_chain_reference(occupied, sq))


def mover_questions(board: chess.Board) -> list[tuple[int, int]]:
    """(occupancy after the move, square of the moved piece) for every legal move, as the engine asks."""
    questions = []
    for move in board.legal_moves:
        squares = sscc.moved_squares(board, move)
        board.push(move)
        questions += [(int(board.occupied), sq) for sq in squares]
        board.pop()
    return questions


def measure(name: str, board: chess.Board, repeat: int) -> list[tuple[str, str, list[float], list[float]]]:
    occupied = int(board.occupied)
    clear = chains._chain_squares.cache_clear
    assert chains.chain_squares(occupied) == every_piece_today(occupied), name  # same answer before timing it
    rows = [
        (
            name,
            "every piece",
            times_ms(lambda: chains.chain_squares(occupied), repeat, clear),
            times_ms(lambda: every_piece_today(occupied), max(5, repeat // 5)),
        ),
    ]
    questions = mover_questions(board)
    new = [t for occ, sq in questions for t in times_ms(lambda o=occ, s=sq: chains.forms_chain(o, s), 5, clear)]
    old = [t for occ, sq in questions for t in times_ms(lambda o=occ, s=sq: forms_chain_reference(o, s), 1)]
    rows.append((name, f"mover ({len(questions)} moves)", new, old))
    engine = sscc.SwitchSideEngine(board.copy())
    new = times_ms(engine.legal_moves, max(5, repeat // 10), clear)
    sscc.forms_chain = forms_chain_reference  # today's method, as the engine called it before issue 15
    try:
        old = times_ms(engine.legal_moves, max(5, repeat // 10))
    finally:
        sscc.forms_chain = chains.forms_chain
    rows.append((name, "legal_moves()", new, old))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200, help="calls per figure of the new method")
    args = parser.parse_args()
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs; "
        f"load average {os.getloadavg()[0]:.2f} at the start"
    )
    header = f"{'position':<15} {'question':<18} {'new median':>10} {'new p90':>8} {'today median':>12} {'today p90':>9}"
    header += f" {'ratio':>7}"
    print(header)
    print("-" * len(header))
    for name, moves in OPENINGS.items():
        for position, question, new, old in measure(name, board_after(moves), args.repeat):
            (nm, n90), (om, o90) = median_p90(new), median_p90(old)
            print(f"{position:<15} {question:<18} {nm:>10.3f} {n90:>8.3f} {om:>12.3f} {o90:>9.3f} {om / nm:>6.1f}x")
    print(f"times in ms per call; load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
