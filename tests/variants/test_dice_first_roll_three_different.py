"""First roll of three different numbers: "each number indicates the following action", the added Men and
Elephants, the pieces displaced outwards, and castling with three or two steps, or with Cannons."""

from __future__ import annotations

import pytest

from variants.dice import layout


def test_three_different_numbers_each_take_their_action():
    # 3 Cannons for Rooks, 4 Tigers for Bishops, 6 Griffin for Queen
    assert layout("3-4-6").names == (
        "Cannon", "Giraffe", "Camel", "Knight", "Tiger", "Griffin", "King", "Tiger", "Knight", "Camel", "Giraffe", "Cannon",
    )  # fmt: skip


def test_five_makes_knights_horses_and_camels_and_giraffes_their_horse_forms():
    assert layout("3-5-6").names == (
        "Cannon", "Horse-Giraffe", "Horse-Camel", "Horse", "Bishop", "Griffin",
        "King", "Bishop", "Horse", "Horse-Camel", "Horse-Giraffe", "Cannon",
    )  # fmt: skip


def test_one_adds_two_men_between_queen_and_king_removes_the_giraffes_and_castles_three_steps():
    result = layout("1-3-4")
    assert result.names == (
        "Cannon", "Camel", "Knight", "Tiger", "Queen", "Man", "Man", "King", "Tiger", "Knight", "Camel", "Cannon",
    )  # fmt: skip
    assert result.castling == 3
    assert result.king_file == "h"


def test_two_adds_two_elephants_between_queen_and_king():
    result = layout("2-4-6")
    assert result.names == (
        "Rook", "Camel", "Knight", "Tiger", "Griffin", "Elephant", "Elephant", "King", "Tiger", "Knight", "Camel", "Rook",
    )  # fmt: skip
    assert result.castling == 3


def test_the_displaced_pieces_keep_their_order_moving_outwards_from_the_centre():
    before, after = layout("1-3-5", "2-3-5").names, layout("1-3-5").names  # actions {3, 5} without, with Men
    # Queen f -> e, Bishop e -> d, Knight d -> c, Camel c -> b; King g -> h, Bishop h -> i, Knight i -> j, Camel j -> k
    assert after[1:5] == before[2:6]
    assert after[7:11] == before[6:10]
    assert (after[0], after[11]) == (before[0], before[11])


def test_one_and_two_remove_giraffes_and_camels_and_add_man_elephant_elephant_man_with_two_step_castling():
    result = layout("1-2-5")
    assert result.names == (
        "Rook", "Horse", "Bishop", "Queen", "Man", "Elephant", "Elephant", "Man", "King", "Bishop", "Horse", "Rook",
    )  # fmt: skip
    assert result.castling == 2
    assert result.king_file == "i"


@pytest.mark.parametrize(("roll", "steps"), [("3-4-5", 4), ("1-3-5", 3), ("1-2-3", 2)])
def test_cannons_for_rooks_still_castle(roll, steps):
    # "Castling may still take place if the Rooks are replaced by Cannons"
    result = layout(roll)
    assert result.names[0] == result.names[-1] == "Cannon"
    assert result.castling == steps
