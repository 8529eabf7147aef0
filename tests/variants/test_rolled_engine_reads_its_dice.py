"""A rolled variant's engine reads its own dice (the dice ceremony asks it, never variants.dice directly)."""

from __future__ import annotations

import pytest

from variants import dice
from variants.chess8 import ChessEngine
from variants.rvc import RandomVariantEngine as RVC


def test_a_roll_is_read_as_the_dice_showed_it():
    assert RVC.read_roll(" 6 -6- 2") == "6-6-2"
    with pytest.raises(ValueError, match="1..6"):
        RVC.read_roll("9-9-9")


def test_three_alike_is_not_rolled_a_second_time():
    assert (RVC.second_roll_possible("2-2-2"), RVC.second_roll_possible("2-2-4")) == (False, True)


@pytest.mark.parametrize(("first", "second"), [("6-6-2", None), ("1-3-5", "2-2-4"), ("1-1-1", None)])
def test_the_start_the_dice_give_is_the_seeds_layout(first, second):
    start, array = RVC.dice_start(first, second), dice.layout(first, second)
    assert (start.first, start.second, start.names, start.castling, start.position) == (
        array.first, array.second, tuple(array.names), array.castling, array.position)  # fmt: skip
    assert RVC.start_rolls(RVC.start_options(start.first, start.second or "")) == (start.first, start.second or "")


def test_a_variant_without_dice_says_so():
    with pytest.raises(NotImplementedError, match="not played from dice"):
        ChessEngine.dice_start("1-1-1")
    assert ChessEngine.start_rolls({}) == ("", "")
