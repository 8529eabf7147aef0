"""Seed 003: "Warp move: any piece, except the King, can be removed from the board."."""

import pytest

from variants.base import IllegalMoveError
from variants.twilight import TwilightEngine


def test_the_king_cannot_be_warped():
    engine = TwilightEngine.new()
    with pytest.raises(IllegalMoveError, match="king cannot be warped"):
        engine.play("e1@K")
    assert "e1@K" not in engine.legal_moves()


def test_a_king_is_never_dropped_nor_held_in_reserve():
    engine = TwilightEngine.new()
    with pytest.raises(IllegalMoveError, match="never in reserve"):
        engine.play("K@e4")
