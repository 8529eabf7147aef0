"""Second roll after a first roll of three different numbers ("If the first roll consisted of three different
numbers, then the layout indicated by that roll is modified by the second roll according to the following rules")."""

from __future__ import annotations

import pytest

from variants.dice import layout

STANDARD = layout("1-1-1").names


# "If all three numbers in the second roll are different, then only those modifications ... which are indicated by
# numbers that appear in both the first roll and the second roll are made."
def test_two_three_different_rolls_make_only_the_shared_modifications():
    assert layout("1-3-5", "2-4-6").names == STANDARD  # nothing shared
    assert layout("1-4-5", "1-4-6").names == (
        "Rook", "Camel", "Knight", "Tiger", "Queen", "Man", "Man", "King", "Tiger", "Knight", "Camel", "Rook",
    )  # fmt: skip
    assert layout("1-4-5", "1-4-6").castling == 3


def test_a_shared_five_alone_makes_the_horse_forms():
    assert layout("1-3-5", "2-4-5").names == (
        "Rook", "Horse-Giraffe", "Horse-Camel", "Horse", "Bishop", "Queen",
        "King", "Bishop", "Horse", "Horse-Camel", "Horse-Giraffe", "Rook",
    )  # fmt: skip


def test_an_identical_three_different_second_roll_keeps_the_first_layout():
    assert layout("2-3-6", "2-3-6") == layout("2-3-6", "6-3-2")
    assert layout("2-3-6", "2-3-6").names == layout("2-3-6").names


# "If the first roll includes both a 1 and a 2, and the second roll indicates that the Camels or Giraffes are to be
# replaced, that modification is to be ignored."
@pytest.mark.parametrize("second", ["2-4-4", "1-1-6", "3-6-6", "1-2-2"])
def test_with_both_one_and_two_no_camel_or_giraffe_replacement_applies(second):
    assert layout("1-2-4", second).names == layout("1-2-4").names


# "If it includes only one of 1 or 2, and the second roll indicates that the Giraffes are to be replaced, that
# modification is to be ignored."
def test_with_one_of_one_and_two_the_giraffe_replacement_is_ignored_but_the_camels_are_replaced():
    assert layout("1-4-5", "2-4-4").names == (
        "Rook", "Wazir", "Horse", "Tiger", "Queen", "Man", "Man", "King", "Tiger", "Horse", "Wazir", "Rook",
    )  # fmt: skip
    assert layout("2-3-6", "3-5-5").names[1] == "Man"  # Camels -> Men after a 2 (Elephants added) is fine


# "if it contained a 1 but not a 2, an indication in the second roll that the Camels are to be replaced by Men is to
# be ignored"
def test_after_a_one_camels_are_not_replaced_by_men():
    assert layout("1-3-6", "3-5-5").names == layout("1-3-6").names
    assert layout("1-3-6", "3-5-5").names.count("Man") == 2


# "if it contained a 2 but not a 1, an indication in the second roll that the Camels are to be replaced by Elephants
# is to be ignored"
def test_after_a_two_camels_are_not_replaced_by_elephants():
    assert layout("2-3-6", "2-2-4").names == layout("2-3-6").names
    assert layout("1-3-6", "2-2-4").names[1] == "Elephant"  # after a 1 Elephants may replace the Camels


def test_without_one_or_two_a_pair_and_single_second_roll_replaces_camels_and_giraffes():
    names = layout("3-4-6", "1-1-3").names
    assert (names[1], names[2]) == ("Star", "Walker")


# "If the first roll contained a 3, 4, or 6, then anything in the second roll that indicates another replacement for
# the piece these numbers have caused to be replaced is to be ignored."
def test_after_a_three_the_cannons_are_not_replaced_by_princesses_and_castling_stays():
    result = layout("3-4-5", "2-2-2")
    assert result.names[0] == result.names[-1] == "Cannon"
    assert result.names[5] == "Empress"  # the Queen is still replaced
    assert result.castling == 4


def test_after_a_four_the_tigers_are_not_replaced_by_elephants():
    result = layout("1-4-5", "4-4-4")
    assert (result.names[3], result.names[8], result.names[4]) == ("Tiger", "Tiger", "Fers")


def test_after_a_six_the_griffin_is_not_replaced_by_a_three_alike_roll():
    for second in ("2-2-2", "3-3-3", "4-4-4", "5-5-5", "6-6-6"):
        assert layout("2-3-6", second).names[4] == "Griffin"


def test_without_three_four_or_six_a_three_alike_second_roll_applies_in_full():
    result = layout("1-2-5", "2-2-2")
    assert result.names[0] == result.names[-1] == "Princess"
    assert result.names[3] == "Empress"
    assert result.castling is None
    assert layout("1-4-5", "3-3-3").names[4] == "Amazon"  # the seed's example


# "The inclusion of a 5 in the first roll does not, of itself, cause anything in the second roll to be ignored, but
# if the second roll introduces a Zebra to the board, that Zebra becomes a Horse-Zebra."
def test_after_a_five_a_zebra_from_the_second_roll_becomes_a_horse_zebra():
    assert layout("1-4-5", "4-6-6").names[1] == "Horse-Zebra"
    names = layout("3-5-6", "1-4-4").names
    assert (names[1], names[2]) == ("Horse-Zebra", "Fers")


def test_after_a_five_other_second_roll_pieces_are_not_changed():
    assert layout("1-4-5", "5-6-6").names[1] == "Tiger"
    names = layout("3-5-6", "2-2-5").names
    assert (names[1], names[2]) == ("Catapult", "Elephant")
