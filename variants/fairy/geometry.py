"""Squares of an F x R board (up to 16 x 16), piece codes and their names.

A square is the integer ``rank * files + file`` (a1 = 0). A piece on the board is a small integer *code*:
``2 * kind + colour`` with ``kind`` its 1-based index in the catalogue and ``colour`` 0 for White, 1 for Black;
an empty square is 0. Codes keep the hot move-generation loops on plain list lookups.
"""

from __future__ import annotations

from variants.pieces import PIECES

FILE_LETTERS = "abcdefghijklmnop"
MAX_SIZE = 16

# Colour indexes of the fairy board (piece code & 1); the armies of the Engine interface are variants.base's.
WHITE_COLOUR = 0
BLACK_COLOUR = 1

NAMES: tuple[str, ...] = tuple(PIECES)
KIND: dict[str, int] = {name: index + 1 for index, name in enumerate(NAMES)}
KIND_NAME: dict[int, str] = {kind: name for name, kind in KIND.items()}
PAWN = KIND["Pawn"]
KING = KIND["King"]


def code(name: str, colour: int) -> int:
    return 2 * KIND[name] + colour


def kind_of(piece: int) -> int:
    return piece >> 1


def colour_of(piece: int) -> int:
    return piece & 1


def symbol_of(piece: int) -> str:
    """Position-string symbol: catalogue symbol, lower case for Black (``+c`` for a black Horse-Camel)."""
    symbol = PIECES[KIND_NAME[piece >> 1]].symbol
    return symbol.lower() if piece & 1 else symbol


CODE_OF_SYMBOL: dict[str, int] = {}
for _name in NAMES:
    _symbol = PIECES[_name].symbol
    CODE_OF_SYMBOL[_symbol] = code(_name, WHITE_COLOUR)
    CODE_OF_SYMBOL[_symbol.lower()] = code(_name, BLACK_COLOUR)


class Geometry:
    """Square names and coordinates of an F x R board."""

    def __init__(self, files: int, ranks: int) -> None:
        if not (2 <= files <= MAX_SIZE and 2 <= ranks <= MAX_SIZE):
            raise ValueError(f"board {files}x{ranks} is outside 2x2..{MAX_SIZE}x{MAX_SIZE}")
        self.files = files
        self.ranks = ranks
        self.size = files * ranks
        self.names = [FILE_LETTERS[sq % files] + str(sq // files + 1) for sq in range(self.size)]
        self.by_name = {name: sq for sq, name in enumerate(self.names)}

    def square(self, file: int, rank: int) -> int:
        return rank * self.files + file

    def file_of(self, sq: int) -> int:
        return sq % self.files

    def rank_of(self, sq: int) -> int:
        return sq // self.files

    def on_board(self, file: int, rank: int) -> bool:
        return 0 <= file < self.files and 0 <= rank < self.ranks

    def parse_square(self, text: str) -> int:
        """``"e4"`` -> square; ValueError for a name that is not on this board."""
        try:
            return self.by_name[text]
        except KeyError:
            raise ValueError(f"{text!r} is not a square of the {self.files}x{self.ranks} board") from None
