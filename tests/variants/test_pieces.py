"""The piece catalogue: every piece of seed 002, its value from the seed's table and a unique symbol."""

from __future__ import annotations

import pytest

from variants.dice import all_layouts
from variants.pieces import BY_ABBREV, BY_SYMBOL, PIECES, piece

# As the issue lists them, in the seed's order of introduction.
SEED_PIECES = [
    "Rook", "Giraffe", "Camel", "Knight", "Bishop", "Queen", "King", "Pawn", "Empress", "Princess", "Amazon", "Fers",
    "Elephant", "Griffin", "Rhinoceros", "Wazir", "Man", "Zebra", "Tiger", "Cannon", "Walker", "Star", "Catapult",
    "Horse", "Horse-Camel", "Horse-Giraffe", "Horse-Zebra",
]  # fmt: skip

# The seed's table, "The amount of material on each side is determined by giving the following values".
SEED_VALUES = """\
110 Amazon
 95 Griffin
 90 Queen
 88 Empress
 81 Rhinoceros
 50 Rook
 48 Princess
 40 Cannon
 35 Catapult
 32 Bishop
 31 Tiger
 30 Knight
 29 Giraffe, Horse, Star
 28 Horse-Giraffe, Zebra
 27 Horse-Zebra
 26 Man
 20 Camel
 19 Horse-Camel
 18 Wazir
 17 Walker
 15 Fers
 10 Pawn
"""


def _seed_values() -> dict[str, int]:
    values = {}
    for line in SEED_VALUES.splitlines():
        number, names = line.strip().split(" ", 1)
        for name in names.split(", "):
            values[name] = int(number)
    return values


def test_the_catalogue_holds_exactly_the_27_pieces_of_the_seed():
    assert sorted(PIECES) == sorted(SEED_PIECES)


@pytest.mark.parametrize(("name", "value"), _seed_values().items())
def test_each_value_is_the_seeds(name, value):
    assert piece(name).value == value


def test_the_pieces_without_a_seed_value_have_documented_ones():
    # docs/rules/random-variant-chess.md: the King counts 0, the Elephant as its nearest relative the Fers
    assert piece("King").value == 0
    assert piece("Elephant").value == piece("Fers").value == 15


def test_symbols_and_abbreviations_are_unique_and_fit_the_position_string():
    assert len(BY_SYMBOL) == len(BY_ABBREV) == len(PIECES)
    for entry in PIECES.values():
        assert entry.symbol.isupper() and entry.symbol.lstrip("+").isalpha()
        assert len(entry.symbol.lstrip("+")) == 1
        assert entry.symbol.startswith("+") == entry.name.startswith("Horse-")
        assert entry.moves


def test_every_piece_of_every_array_is_in_the_catalogue_and_every_catalogue_piece_can_appear():
    seen = {name for result in all_layouts() for name in result.names} | {"Pawn"}
    assert seen == set(PIECES)


def test_an_unknown_piece_is_a_key_error():
    with pytest.raises(KeyError):
        piece("Dragon")
