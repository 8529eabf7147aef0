"""Seed 003: "If a rook is warped and later dropped to its original square can I castle on this side? The answer
is no because the Rook has moved."."""

import pytest

from variants.base import IllegalMoveError
from variants.twilight import TwilightEngine

READY = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] w KQkq - 0 1"


def test_warping_a_rook_removes_its_castling_right_only():
    engine = TwilightEngine.from_position(READY)
    engine.play("h1@R")
    assert " Qkq " in engine.position()


def test_dropping_it_back_on_its_corner_does_not_restore_castling():
    engine = TwilightEngine.from_position(READY)
    for move in ("h1@R", "a6", "R@h1", "a5"):
        engine.play(move)
    assert engine.board.piece_at(7).symbol() == "R"
    assert "O-O" not in engine.legal_moves()
    assert "O-O-O" in engine.legal_moves()
    with pytest.raises(IllegalMoveError):
        engine.play("O-O")


def test_warping_another_piece_keeps_the_rights():
    engine = TwilightEngine.new()
    engine.play("g1@N")
    assert " KQkq " in engine.position()
