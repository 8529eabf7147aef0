"""Seed 003: "Warp moves: first the coordinate of the square followed by 0, then the symbol of the warped piece.
Hence, b80N means that the Knight on b8 is warped." The sample games print the 0 as @ (h7@P)."""

import pytest

from variants.base import IllegalMoveError
from variants.twilight import TwilightEngine


@pytest.mark.parametrize("spelling", ["h7@P", "h70P"])
def test_a_warp_is_read_in_both_spellings_and_written_with_at(spelling):
    engine = TwilightEngine.new()
    engine.play("Nf3")
    assert engine.play(spelling) == "h7@P"
    assert engine.board.piece_at(55) is None
    assert engine.reserve("black") == {"P": 1}


def test_the_seeds_own_example_b80n():
    engine = TwilightEngine.new()
    engine.play("e4")
    assert engine.play("b80N") == "b8@N"
    assert engine.reserve("black") == {"N": 1}


def test_the_letter_must_name_the_piece_on_the_square():
    engine = TwilightEngine.new()
    with pytest.raises(IllegalMoveError, match="knight, not B"):
        engine.play("b1@B")


def test_an_empty_square_or_an_enemy_piece_cannot_be_warped():
    engine = TwilightEngine.new()
    with pytest.raises(IllegalMoveError, match="no piece on e4"):
        engine.play("e4@P")
    with pytest.raises(IllegalMoveError, match="not white's"):
        engine.play("e7@P")


def test_every_non_king_piece_may_warp_from_the_start():
    moves = TwilightEngine.new().legal_moves()
    warps = sorted(move for move in moves if "@" in move)
    assert len(warps) == 15
    assert "e1@K" not in warps
