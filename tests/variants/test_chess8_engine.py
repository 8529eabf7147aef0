"""ChessEngine plays ordinary chess: FEN in and out, SAN, game end (cross-checked with python-chess)."""

from __future__ import annotations

import random

import chess

from variants.base import CHECKMATE, INSUFFICIENT, WHITE, Outcome
from variants.chess8 import ChessEngine


def test_fen_round_trips_with_an_optional_seventh_field():
    fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    assert ChessEngine.from_position(fen).position() == fen
    assert ChessEngine.from_position(fen + " 2").position() == fen


def test_scholars_mate():
    engine = ChessEngine.new()
    for move in ("e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"):
        engine.play(move)
    assert engine.play("Qxf7") == "Qxf7#"
    assert engine.outcome() == Outcome(CHECKMATE, WHITE, forcing_side=WHITE)


def test_bare_kings_are_a_dead_position():
    engine = ChessEngine.from_position("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1")
    engine.play("Kxd2")
    assert engine.outcome().termination == INSUFFICIENT


def test_random_games_agree_with_python_chess_move_for_move():
    chooser = random.Random(7)
    for _ in range(4):
        engine, board = ChessEngine.new(), chess.Board()
        for _ in range(120):
            ours = sorted(engine.legal_moves())
            assert ours == sorted(board.san(m) for m in board.legal_moves)
            assert engine.position() == board.fen()
            if not ours:
                break
            move = chooser.choice(ours)
            engine.play(move)
            board.push_san(move)
