"""How the fairy engine writes a move: one integer ``from | to << 8 | flag << 16 | promotion << 20``.

``promotion`` is the piece code the pawn becomes (0 for none); squares and codes are those of
:mod:`variants.fairy.geometry`. Castling rights are four bits of one integer.
"""

from __future__ import annotations

NORMAL, DOUBLE, EN_PASSANT, CASTLE = 0, 1, 2, 3
SPECIAL = EN_PASSANT  # flags at or above this always get the full legality test

# Castling-rights bits: K (White, towards the last file), Q, k, q.
RIGHT_K, RIGHT_Q, RIGHT_BK, RIGHT_BQ = 1, 2, 4, 8
KING_RIGHTS = (RIGHT_K | RIGHT_Q, RIGHT_BK | RIGHT_BQ)


def move_from(move: int) -> int:
    return move & 255


def move_to(move: int) -> int:
    return (move >> 8) & 255


def move_flag(move: int) -> int:
    return (move >> 16) & 15


def move_promotion(move: int) -> int:
    return move >> 20


__all__ = [
    "CASTLE",
    "DOUBLE",
    "EN_PASSANT",
    "KING_RIGHTS",
    "NORMAL",
    "RIGHT_BK",
    "RIGHT_BQ",
    "RIGHT_K",
    "RIGHT_Q",
    "SPECIAL",
    "move_flag",
    "move_from",
    "move_promotion",
    "move_to",
]
