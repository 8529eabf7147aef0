"""The piece catalogue of Random Variant Chess (seed 002): name, notation symbol and material value.

Movement lives beside it in :mod:`variants.movement` (owned by the engine). Symbols are single upper-case
letters for White (lower-case for Black in position strings); the three lame "horse" forms of the long
leapers take a ``+`` before the letter of the leaper they come from (``+C`` Horse-Camel, ``+G`` Horse-Giraffe,
``+Z`` Horse-Zebra), because 27 pieces do not fit in 26 letters. docs/rules/random-variant-chess.md lists them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Piece:
    name: str
    symbol: str  # White's symbol; Black's is the lower-case form
    value: float  # material points from the seed's table


_TABLE = [
    # name, symbol, value (seed 002, "The amount of material on each side ...")
    ("Amazon", "A", 110),
    ("Griffin", "Y", 95),
    ("Queen", "Q", 90),
    ("Empress", "E", 88),
    ("Rhinoceros", "X", 81),
    ("Rook", "R", 50),
    ("Princess", "I", 48),
    ("Cannon", "O", 40),
    ("Catapult", "D", 35),
    ("Bishop", "B", 32),
    ("Tiger", "T", 31),
    ("Knight", "N", 30),
    ("Giraffe", "G", 29),
    ("Horse", "H", 29),
    ("Star", "S", 29),
    ("Horse-Giraffe", "+G", 28),
    ("Zebra", "Z", 28),
    ("Horse-Zebra", "+Z", 27),
    ("Man", "M", 26),
    ("Camel", "C", 20),
    ("Horse-Camel", "+C", 19),
    ("Wazir", "W", 18),
    ("Walker", "U", 17),
    ("Fers", "F", 15),
    ("Elephant", "L", 15),
    ("Pawn", "P", 10),
    ("King", "K", 0),
]

PIECES: dict[str, Piece] = {name: Piece(name, symbol, float(value)) for name, symbol, value in _TABLE}
BY_SYMBOL: dict[str, Piece] = {p.symbol: p for p in PIECES.values()}


def piece(name: str) -> Piece:
    """The catalogue entry for ``name`` (e.g. ``"Horse-Camel"``); KeyError for an unknown name."""
    return PIECES[name]
