"""Seed 003: a piece may be dropped on any free square "except for a Pawn into the last rank (eighth rank for
white player, first rank for black player)". The own first rank is allowed, as in the sample games (27. P@e1,
32... P@g8)."""

import pytest

from variants.base import IllegalMoveError
from variants.twilight import TwilightEngine


def test_white_cannot_drop_a_pawn_on_the_eighth_rank():
    engine = TwilightEngine.from_position("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1")
    assert not [move for move in engine.legal_moves() if move.startswith("P@") and move.endswith("8")]
    with pytest.raises(IllegalMoveError, match="last rank"):
        engine.play("P@a8")


def test_black_cannot_drop_a_pawn_on_the_first_rank():
    engine = TwilightEngine.from_position("4k3/8/8/8/8/8/8/4K3[p] b - - 0 1")
    with pytest.raises(IllegalMoveError, match="last rank"):
        engine.play("P@a1")


def test_a_pawn_may_be_dropped_on_its_own_first_rank_and_then_steps_one_square():
    engine = TwilightEngine.from_position("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1")
    engine.play("P@a1")
    engine.play("Kd7")
    pawn_moves = [move for move in engine.legal_moves() if move[0] == "a"]
    assert pawn_moves == ["a2", "a1@P"]
    engine.play("a2")
    engine.play("Ke7")
    assert "a4" not in engine.legal_moves()  # it has moved: no double step from the second rank either
    assert "a3" in engine.legal_moves()


def test_a_black_pawn_on_the_eighth_rank_steps_one_square():
    engine = TwilightEngine.from_position("4k3/8/8/8/8/8/8/4K3[p] b - - 0 1")
    engine.play("P@h8")
    engine.play("Kd2")
    assert [move for move in engine.legal_moves() if move[0] == "h"] == ["h7", "h8@P"]
