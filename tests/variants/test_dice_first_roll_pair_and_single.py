"""First roll of a pair and a single: the two tables, "If the number that appears once is smaller ..." and
"If the paired number is smaller than the number that is the singlet ..."."""

from __future__ import annotations

import pytest

from variants.dice import layout

# (queen's side Giraffe b, Camel c) read off the seed's tables; the king's side mirrors them on k and j.
SINGLE_SMALLER = {
    # single -> Camels, pair -> Giraffes: 1 Fers, 2 Wazirs, 3 Men, 4 Zebras, 5 Tigers, 6-6 Cannons
    "1-2-2": ("Wazir", "Fers"),
    "1-6-6": ("Cannon", "Fers"),
    "2-3-3": ("Man", "Wazir"),
    "2-4-4": ("Zebra", "Wazir"),
    "3-5-5": ("Tiger", "Man"),
    "4-6-6": ("Cannon", "Zebra"),
    "5-6-6": ("Cannon", "Tiger"),
}
PAIR_SMALLER = {
    # pair -> Camels, single -> Giraffes: 1-1 Walkers, 2 Elephants, 3 Stars, 4 Tigers, 5 Catapults
    "1-1-2": ("Elephant", "Walker"),
    "1-1-5": ("Catapult", "Walker"),
    "2-2-3": ("Star", "Elephant"),
    "2-2-5": ("Catapult", "Elephant"),
    "3-3-4": ("Tiger", "Star"),
    "4-4-5": ("Catapult", "Tiger"),
    "5-5-6": (None, "Catapult"),
}


def _pieces(roll: str) -> tuple[str, str, str, str]:
    names = layout(roll).names
    return names[1], names[2], names[10], names[9]  # b, c, k, j


@pytest.mark.parametrize(("roll", "expected"), SINGLE_SMALLER.items())
def test_a_smaller_single_replaces_the_camels_and_the_pair_the_giraffes(roll, expected):
    giraffe, camel = expected
    assert _pieces(roll) == (giraffe, camel, giraffe, camel)


@pytest.mark.parametrize(("roll", "expected"), [(r, e) for r, e in PAIR_SMALLER.items() if e[0]])
def test_a_smaller_pair_replaces_the_camels_and_the_single_the_giraffes(roll, expected):
    giraffe, camel = expected
    assert _pieces(roll) == (giraffe, camel, giraffe, camel)


def test_a_single_six_over_a_pair_puts_a_princess_on_the_queens_giraffe_and_an_empress_on_the_kings():
    assert _pieces("5-5-6") == ("Princess", "Catapult", "Empress", "Catapult")
    assert _pieces("1-1-6") == ("Princess", "Walker", "Empress", "Walker")


def test_the_dice_order_does_not_matter():
    assert layout("4-2-4") == layout("2-4-4") == layout("4-4-2")


@pytest.mark.parametrize("roll", ["1-2-2", "2-2-6", "3-3-1", "6-6-5"])
def test_a_pair_and_single_keeps_rooks_bishops_knights_queen_king_and_four_step_castling(roll):
    result = layout(roll)
    assert [result.names[i] for i in (0, 3, 4, 5, 6, 7, 8, 11)] == [
        "Rook", "Knight", "Bishop", "Queen", "King", "Bishop", "Knight", "Rook",
    ]  # fmt: skip
    assert result.castling == 4


def test_only_the_tiger_appears_in_both_sequences_of_replacements():
    # "Note that only the Tiger appears in both sequences of possible replacements."
    from itertools import combinations_with_replacement

    single_smaller, pair_smaller = set(), set()
    for dice in combinations_with_replacement(range(1, 7), 3):
        low, mid, high = dice
        if low == high or len(set(dice)) == 3:
            continue
        pieces = set(layout("-".join(map(str, dice))).names[1:3]) | set(layout("-".join(map(str, dice))).names[9:11])
        (pair_smaller if low == mid else single_smaller).update(pieces)
    assert single_smaller & pair_smaller == {"Tiger"}
