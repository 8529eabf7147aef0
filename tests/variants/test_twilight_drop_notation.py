"""Seed 003: "Drop moves: first the symbol of the piece to be dropped followed by @, then the coordinate of the
square on which the piece is dropped. Hence, Q@h7 means that a Queen is dropped on square h7"."""

import pytest

from variants.base import IllegalMoveError
from variants.twilight import TwilightEngine


def test_a_warped_queen_is_dropped_with_q_at_square():
    engine = TwilightEngine.from_position("4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1")
    assert engine.play("Q@h7") == "Q@h7"
    assert engine.board.piece_at(55).symbol() == "Q"
    assert engine.reserve("white") == {}


def test_a_pawn_drop_is_written_with_its_letter_and_read_without_it():
    engine = TwilightEngine.from_position("4k3/8/8/8/8/8/8/4K3[PP] w - - 0 1")
    assert engine.play("P@e4") == "P@e4"
    engine.play("Kd7")
    assert engine.play("@d4") == "P@d4"


def test_a_drop_that_gives_check_carries_the_plus():
    engine = TwilightEngine.from_position("4k3/8/8/8/8/8/8/4K3[R] w - - 0 1")
    assert engine.play("R@e5") == "R@e5+"


def test_only_empty_squares_take_a_drop():
    engine = TwilightEngine.from_position("4k3/8/8/8/8/8/4P3/4K3[N] w - - 0 1")
    with pytest.raises(IllegalMoveError, match="e2 is not empty"):
        engine.play("N@e2")
