"""First roll, "If all three numbers on the dice are identical, a variant is chosen from the list below"."""

from __future__ import annotations

import pytest

from variants.dice import layout

STANDARD = ("Rook", "Giraffe", "Camel", "Knight", "Bishop", "Queen", "King", "Bishop", "Knight", "Camel", "Giraffe", "Rook")


def _with(**files: str) -> tuple[str, ...]:
    names = list(STANDARD)
    for file, name in files.items():
        names["abcdefghijkl".index(file)] = name
    return tuple(names)


def test_one_one_one_is_the_standard_form_of_the_game():
    result = layout("1-1-1")
    assert result.names == STANDARD
    assert result.castling == 4


def test_two_two_two_makes_the_queen_an_empress_and_the_rooks_princesses_without_castling():
    result = layout("2-2-2")
    assert result.names == _with(a="Princess", f="Empress", l="Princess")
    # "When the Rooks are replaced by Princesses, Castling is not available."
    assert result.castling is None


@pytest.mark.parametrize(("roll", "queen"), [("3-3-3", "Amazon"), ("5-5-5", "Griffin"), ("6-6-6", "Rhinoceros")])
def test_three_five_and_six_alike_change_only_the_queen(roll, queen):
    result = layout(roll)
    assert result.names == _with(f=queen)
    assert result.castling == 4


def test_four_four_four_makes_the_queen_a_fers_and_the_bishops_elephants():
    assert layout("4-4-4").names == _with(e="Elephant", f="Fers", h="Elephant")


@pytest.mark.parametrize("roll", ["1-1-1", "2-2-2", "3-3-3", "4-4-4", "5-5-5", "6-6-6"])
def test_a_first_roll_of_three_alike_is_never_followed_by_a_second(roll):
    # "If the first roll consisted of three numbers which were all the same, the dice are not rolled a second time"
    with pytest.raises(ValueError, match="not rolled a second time"):
        layout(roll, "1-2-3")
