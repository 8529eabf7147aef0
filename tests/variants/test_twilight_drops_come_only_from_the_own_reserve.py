"""Seed 003: "any piece previously removed can be moved to any free square". Only warped pieces are in reserve:
captured pieces are gone (unlike crazyhouse), and a player drops only their own."""

import pytest

from variants.base import IllegalMoveError
from variants.twilight import TwilightEngine


def test_a_captured_piece_does_not_go_to_the_reserve():
    engine = TwilightEngine.new()
    for move in ("e4", "d5", "exd5"):
        engine.play(move)
    assert engine.reserve("white") == {}
    assert engine.reserve("black") == {}
    with pytest.raises(IllegalMoveError, match="no pawn in reserve"):
        engine.play("P@e5")


def test_a_player_cannot_drop_the_opponents_warped_piece():
    engine = TwilightEngine.new()
    engine.play("b1@N")
    with pytest.raises(IllegalMoveError, match="black has no knight"):
        engine.play("N@c6")


def test_a_warped_piece_can_come_back_on_any_free_square():
    engine = TwilightEngine.new()
    engine.play("b1@N")
    engine.play("e5")
    drops = [move for move in engine.legal_moves() if move.startswith("N@")]
    assert len(drops) == 33  # the 32 empty squares of the start, plus b1
    engine.play("N@e6")
    assert engine.reserve("white") == {}
