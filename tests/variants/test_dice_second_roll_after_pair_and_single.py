"""Second roll after a first roll of a pair and a single: each paragraph of "More Variants with a Second Roll"."""

from __future__ import annotations

import pytest

from variants.dice import layout


def _giraffe_camel(first: str, second: str | None = None) -> tuple[str, str]:
    names = layout(first, second).names
    return names[1], names[2]  # b and c; the king's side mirrors them (see test_dice_properties)


# "If the second roll consists of three identical numbers ... the modifications ... are to be made in addition"
def test_three_alike_second_roll_modifies_the_queen_rooks_and_bishops_in_addition():
    result = layout("3-4-4", "4-4-4")
    assert result.names == (
        "Rook", "Zebra", "Man", "Knight", "Elephant", "Fers", "King", "Elephant", "Knight", "Man", "Zebra", "Rook",
    )  # fmt: skip


def test_three_alike_second_roll_of_princesses_removes_castling():
    assert layout("2-4-4", "2-2-2").castling is None
    assert layout("2-4-4", "3-3-3").castling == 4


def test_a_second_roll_of_one_one_one_changes_nothing():
    # "A roll of 1-1-1, of course, indicates no modifications."
    assert layout("2-4-4", "1-1-1").names == layout("2-4-4").names


# "If in both rolls, the single number is smaller than the paired number, or in both rolls, the paired number is
# smaller than the single number, the second roll is ignored, unless ..."
@pytest.mark.parametrize(("first", "second"), [("2-4-4", "3-5-5"), ("1-2-2", "4-6-6"), ("2-2-3", "1-1-4")])
def test_a_second_roll_of_the_same_kind_with_no_shared_number_is_ignored(first, second):
    assert layout(first, second).names == layout(first).names


def test_a_shared_single_puts_only_its_piece_on_the_giraffes_and_restores_the_camels():
    # "only the piece indicated by the matching number is added ... it will always replace the Giraffes"
    assert _giraffe_camel("2-4-4", "2-3-3") == ("Wazir", "Camel")  # the seed's own example
    assert _giraffe_camel("1-3-3", "1-5-5") == ("Fers", "Camel")


def test_a_shared_pair_puts_its_piece_on_the_giraffes():
    assert _giraffe_camel("2-4-4", "3-4-4") == ("Zebra", "Camel")  # the seed's own example
    assert _giraffe_camel("1-1-3", "1-1-5") == ("Walker", "Camel")  # a Camel piece, still on the Giraffes


def test_a_shared_single_six_puts_princess_and_empress_on_the_giraffes():
    names = layout("3-3-6", "2-2-6").names
    assert (names[1], names[2], names[9], names[10]) == ("Princess", "Camel", "Camel", "Empress")


def test_a_number_shared_in_different_roles_is_not_a_match():
    # 2-4-4 then 4-5-5: 4 is the pair in the first roll, the single in the second; "the single number or the
    # paired number is the same in the second roll as in the first roll" compares like with like.
    assert layout("2-4-4", "4-5-5").names == layout("2-4-4").names


@pytest.mark.parametrize("roll", ["2-4-4", "1-1-6", "5-6-6", "2-2-3"])
def test_a_second_roll_identical_to_the_first_changes_nothing(roll):
    # "if the second roll is identical to the first roll, the effect would be the same, as if the second roll were
    # ignored"
    assert layout(roll, roll).names == layout(roll).names


# "But if the two rolls are of opposite kinds in this respect, the first roll is used to indicate which piece
# replaces the Giraffes, and the second roll is used to indicate which piece replaces the Camels."
def test_opposite_kinds_take_the_giraffes_from_the_first_roll_and_the_camels_from_the_second():
    assert _giraffe_camel("2-4-4", "5-2-2") == ("Zebra", "Elephant")
    assert _giraffe_camel("5-2-2", "2-4-4") == ("Catapult", "Wazir")
    assert _giraffe_camel("1-6-6", "1-1-3") == ("Cannon", "Walker")


def test_opposite_kinds_keep_a_princess_and_empress_on_the_giraffes():
    names = layout("3-3-6", "1-5-5").names
    assert (names[1], names[2], names[9], names[10]) == ("Princess", "Fers", "Fers", "Empress")


# "If the second roll consists of three numbers which are all different, then the numbers 1 and 2 ... cause no
# action to be taken, but the other four numbers, 3, 4, 5, and 6, indicate actions"
def test_ones_and_twos_in_a_three_different_second_roll_do_nothing():
    assert layout("2-4-4", "1-2-6").names == layout("2-4-4", "5-5-5").names  # only the Griffin
    assert layout("2-4-4", "1-2-6").castling == 4  # no Men or Elephants added


def test_three_four_five_six_in_a_second_roll_modify_the_first_layout():
    assert layout("5-2-2", "3-4-6").names == (
        "Cannon", "Catapult", "Elephant", "Knight", "Tiger", "Griffin",
        "King", "Tiger", "Knight", "Elephant", "Catapult", "Cannon",
    )  # fmt: skip


# "In addition, if the number 5 appears in the second roll, and the layout indicated by the first roll contains one
# or more Zebras, the Zebras are replaced by Horse-Zebras."
def test_a_five_in_the_second_roll_makes_zebras_horse_zebras_and_knights_horses():
    names = layout("2-4-4", "1-3-5").names
    assert names == (
        "Cannon", "Horse-Zebra", "Wazir", "Horse", "Bishop", "Queen",
        "King", "Bishop", "Horse", "Wazir", "Horse-Zebra", "Cannon",
    )  # fmt: skip


def test_a_five_in_the_second_roll_leaves_non_zebras_on_the_camel_and_giraffe_squares():
    assert _giraffe_camel("5-2-2", "1-3-5") == ("Catapult", "Elephant")
