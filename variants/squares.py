"""The squares of a position and of each legal move, as the engines give them to whoever draws a board.

:meth:`variants.base.Engine.squares` reads a position into :class:`Squares` (which piece stands on which square,
with its colour and its figure key); :meth:`variants.base.Engine.move_squares` gives each legal move of the game
as a :class:`MoveSquares` (from and to squares, what the move brings or takes). The board pictures, the play page
and the board editor draw from these two and never read a position string or a move's notation themselves.

A figure key is the name the piece set uses for a piece's picture (``static/pieces/<colour>/<key>.svg``, see
:func:`variants.legend.figure_path`): the catalogue name of :mod:`variants.pieces`, e.g. ``"Horse-Camel"``.
"""

from __future__ import annotations

from dataclasses import dataclass

WHITE_COLOUR, BLACK_COLOUR = "white", "black"  # the armies' names (variants.base.ARMIES), repeated to stay a leaf

#: What a legal move does, for the page: a piece goes from one square to another (castling, promotion and
#: capture included); a piece arrives from the reserve (Twilight's drop); a piece leaves the board for the reserve
#: (Twilight's warp); nothing moves (Reach's pass); or the engine does not say (the move is offered by name).
MOVE_KINDS = ("move", "drop", "warp", "pass", "other")


@dataclass(frozen=True)
class Placed:
    """One piece on the board: its square, colour, figure key and the symbol the position writes it with."""

    square: str  # "e4"
    file: int  # 0 = a
    rank: int  # 0 = rank 1
    color: str  # "white" or "black"
    figure: str  # the piece set's name for it: "Horse-Camel"
    symbol: str  # as written: "+c" (drawn as a letter where the piece set has no figure)

    @property
    def is_white(self) -> bool:
        return self.color == WHITE_COLOUR


@dataclass(frozen=True)
class Squares:
    """The pieces of a position, top rank first and file a first within a rank; a shared square (Parity Chess)
    holds two pieces, one of each army."""

    files: int
    ranks: int
    pieces: tuple[Placed, ...]

    def army(self, color: str) -> dict[str, str]:
        """``{square: figure key}`` of one army's pieces."""
        return {p.square: p.figure for p in self.pieces if p.color == color}

    def changed(self, before: Squares) -> list[str]:
        """The squares whose contents differ from ``before`` (a move's highlight), sorted by name."""
        found: set[str] = set()
        for color in (WHITE_COLOUR, BLACK_COLOUR):
            old, new = before.army(color), self.army(color)
            found.update(sq for sq in old.keys() | new.keys() if old.get(sq) != new.get(sq))
        return sorted(found)


@dataclass(frozen=True)
class MoveSquares:
    """One legal move as squares: ``origin`` and ``target`` (None where the move has none: a drop has no origin,
    a warp no target, a pass neither), the figure key of the piece that moves, arrives or leaves, the piece a pawn
    becomes, whether the move captures (or tries to: a sealed Parity capture may fail), ``also`` the other squares
    it changes (castling: the rook's origin and target, those the king's squares do not already name), and for
    Switch-Side Chain-Chess whether the move switches sides with ``chain`` the squares of the chain it forms, in
    drawing order."""

    san: str
    kind: str = "other"
    origin: str | None = None
    target: str | None = None
    piece: str | None = None
    promotion: str | None = None
    capture: bool = False
    also: tuple[str, ...] = ()
    switch: bool = False
    chain: tuple[str, ...] = ()


def castling_also(king: tuple[str, str], rook: tuple[str, str]) -> tuple[str, ...]:
    """The rook's squares a castling changes besides the king's (a rook that stays put changes none)."""
    if rook[0] == rook[1]:
        return ()
    return tuple(square for square in rook if square not in king)


__all__ = ["MOVE_KINDS", "MoveSquares", "Placed", "Squares", "castling_also"]
