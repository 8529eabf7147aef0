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
    abbrev: str = ""  # the seed's example-table abbreviation ("Cam", "hGi"); ours where the seed has none
    moves: str = ""  # how it moves, in the seed's words (for people; the engine's data is variants.movement)


_TABLE = [
    # name, symbol, value (seed 002, "The amount of material on each side ..."), abbreviation, move
    ("Amazon", "A", 110, "Am", "the moves of the Queen and the Knight"),
    (
        "Griffin",
        "Y",
        95,
        "Gr",
        "one step diagonally, then straight on outwards orthogonally; moves 3+ steps, may capture after 1 or 2",
    ),
    ("Queen", "Q", 90, "Q", "as in chess"),
    ("Empress", "E", 88, "Em", "the moves of the Rook and the Knight"),
    (
        "Rhinoceros",
        "X",
        81,
        "Rh",
        "one to seven steps alternating orthogonal and diagonal, each turning 45 degrees to the same side",
    ),
    ("Rook", "R", 50, "R", "as in chess"),
    ("Princess", "I", 48, "Pr", "the moves of the Bishop and the Knight"),
    ("Cannon", "O", 40, "Can", "moves as a Rook; captures along Rook lines by leaping over exactly one piece"),
    ("Catapult", "D", 35, "Ctp", "must leap over exactly one piece to move as well as to capture, then as a Rook beyond it"),
    ("Bishop", "B", 32, "B", "as in chess"),
    ("Tiger", "T", 31, "Ti", "moves without capturing as a Bishop, captures as a Knight"),
    ("Knight", "N", 30, "N", "as in chess"),
    ("Giraffe", "G", 29, "Gi", "a (1,4) leaper"),
    ("Horse", "H", 29, "Hr", "one square orthogonally then one diagonally outwards; blocked on the intermediate square"),
    ("Star", "S", 29, "St", "one or two squares orthogonally (not leaping) or two diagonally, leaping"),
    ("Horse-Giraffe", "+G", 28, "hGi", "three squares orthogonally then one diagonally outwards; may be blocked"),
    ("Zebra", "Z", 28, "Ze", "a (2,3) leaper"),
    (
        "Horse-Zebra",
        "+Z",
        27,
        "hZe",
        "one square orthogonally then two diagonally outwards; may be blocked (the Korean Elephant)",
    ),
    ("Man", "M", 26, "Man", "one square in any direction, without the King's special attributes"),
    ("Camel", "C", 20, "Cam", "a (1,3) leaper"),
    ("Horse-Camel", "+C", 19, "hCm", "two squares orthogonally then one diagonally outwards; may be blocked"),
    ("Wazir", "W", 18, "Wa", "one square orthogonally"),
    ("Walker", "U", 17, "Wk", "moves without capturing one square orthogonally, captures one square diagonally"),
    ("Fers", "F", 15, "Fe", "one square diagonally"),
    ("Elephant", "L", 15, "El", "one square diagonally or one square forwards (towards the opponent)"),
    ("Pawn", "P", 10, "P", "as in chess; promotes to a piece of its side's starting array other than King and Pawn"),
    ("King", "K", 0, "K", "as in chess; castling per the array's step count"),
]

PIECES: dict[str, Piece] = {row[0]: Piece(row[0], row[1], float(row[2]), row[3], row[4]) for row in _TABLE}
BY_SYMBOL: dict[str, Piece] = {p.symbol: p for p in PIECES.values()}
BY_ABBREV: dict[str, Piece] = {p.abbrev: p for p in PIECES.values()}


def piece(name: str) -> Piece:
    """The catalogue entry for ``name`` (e.g. ``"Horse-Camel"``); KeyError for an unknown name."""
    return PIECES[name]
