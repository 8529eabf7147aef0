"""Which terminations exist, how each one is scored, and which are possible in which variant.

The termination strings are the constants of :mod:`variants.base` (the engine interface), imported so that
scoring and the engines can never disagree on a name. Which of them a variant can end with is a fact of its
engine (:attr:`variants.base.Engine.terminations`), read through the registry.
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
from variants.registry import get_engine

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


def terminations_for_variant(variant: str) -> frozenset[str]:
    """The terminations a game of ``variant`` can end with; raises KeyError for an unknown variant."""
    return get_engine(variant).terminations


def stalemate_wins(variant: str | None) -> bool:
    """Whether stalemate wins like checkmate in ``variant`` (Parity Chess rule 6); False for no or an unknown
    variant, which scores by the laws of chess."""
    if variant is None:
        return False
    try:
        return get_engine(variant).stalemate_wins
    except KeyError:
        return False


def needs_material(termination: str) -> bool:
    """Whether the dynamic profile needs the final material to score this termination."""
    return termination in MATERIAL
