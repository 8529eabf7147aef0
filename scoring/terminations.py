"""Which terminations exist, how each one is scored, and which are possible in which variant.

The termination strings are the constants of :mod:`variants.base` (the engine interface, pure Python with no
engine behind it), imported so that scoring and the engines can never disagree on a name.
"""

from __future__ import annotations

from variants.base import (
    ADJUDICATION,
    AGREEMENT,
    CHECKMATE,
    DOUBLE_STALEMATE,
    FAR_RANK,
    FIFTY_MOVES,
    FORFEIT,
    INSUFFICIENT,
    KING_CAPTURE,
    PERPETUAL_CHECK,
    RESIGNATION,
    SIMULTANEOUS_MATE,
    SIMULTANEOUS_STALEMATE,
    STALEMATE,
    THREEFOLD,
    TIME_FORFEIT,
    TIME_FORFEIT_LONE_KING,
)

# Endings that decide the game outright: the seed's checkmate value goes to the winner.
DECISIVE = frozenset({CHECKMATE, KING_CAPTURE, FAR_RANK, RESIGNATION, TIME_FORFEIT, FORFEIT})
# Endings "because nothing remains to be gained for either player": material superiority decides (dynamic).
MATERIAL = frozenset(
    {
        THREEFOLD,
        FIFTY_MOVES,
        INSUFFICIENT,
        AGREEMENT,
        ADJUDICATION,
        DOUBLE_STALEMATE,
        SIMULTANEOUS_MATE,
        SIMULTANEOUS_STALEMATE,
    }
)
# A plain draw in every profile: the flag fell but the opponent could never have won.
PLAIN_DRAW = frozenset({TIME_FORFEIT_LONE_KING})
SPECIAL = frozenset({STALEMATE, PERPETUAL_CHECK})

ALL_TERMINATIONS = DECISIVE | MATERIAL | PLAIN_DRAW | SPECIAL

# Off the board: possible in every variant.
_OFF_BOARD = frozenset({RESIGNATION, TIME_FORFEIT, TIME_FORFEIT_LONE_KING, FORFEIT, AGREEMENT, ADJUDICATION})
_CHESS_LIKE = frozenset({CHECKMATE, STALEMATE, PERPETUAL_CHECK, THREEFOLD, FIFTY_MOVES, INSUFFICIENT})

_BY_VARIANT: dict[str, frozenset[str]] = {
    "chess": _CHESS_LIKE | _OFF_BOARD,
    "rvc": _CHESS_LIKE | _OFF_BOARD,
    "twilight": _CHESS_LIKE | _OFF_BOARD,
    "sscc": _CHESS_LIKE | _OFF_BOARD,
    # Reach: no checkmate (a mated side passes), no stalemate (no move means pass), a lone king still wins by
    # reaching the far rank, so neither insufficient material nor a flag against a lone king can be a draw.
    "reach": frozenset({FAR_RANK, DOUBLE_STALEMATE, THREEFOLD, FIFTY_MOVES}) | (_OFF_BOARD - {TIME_FORFEIT_LONE_KING}),
    "parity": _CHESS_LIKE | _OFF_BOARD | {KING_CAPTURE, SIMULTANEOUS_MATE, SIMULTANEOUS_STALEMATE},
    "parity-single": _CHESS_LIKE | _OFF_BOARD | {KING_CAPTURE, SIMULTANEOUS_MATE, SIMULTANEOUS_STALEMATE},
}

# Parity Chess rule 6: "Stalemate is treated at par with checkmate" - a stalemate there is a win.
STALEMATE_WINS = frozenset({"parity", "parity-single"})


def terminations_for_variant(variant: str) -> frozenset[str]:
    """The terminations a game of ``variant`` can end with; raises KeyError for an unknown variant."""
    try:
        return _BY_VARIANT[variant]
    except KeyError:
        raise KeyError(f"unknown variant {variant!r}") from None


def needs_material(termination: str) -> bool:
    """Whether the dynamic profile needs the final material to score this termination."""
    return termination in MATERIAL
