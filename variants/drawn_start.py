"""The start a block's draw gives (issue 35): the block stores only what its draw produced (its rolls), and the
position and the array are derived here, so the start is stored once, on each game that plays it."""

from __future__ import annotations

from functools import lru_cache

from variants.registry import get_engine


@lru_cache(maxsize=1024)
def drawn_start(key: str, roll: str, roll2: str, drawn: bool) -> tuple[str, tuple[str, ...]]:
    """The start position and White's back-rank array (piece names; empty for a variant without dice) of a block
    of variant ``key`` whose draw holds ``roll``/``roll2``; ``drawn``: the draw was made (a variant without dice
    starts from its engine's start once drawn). ``("", ())`` before the draw, or for a variant no longer known."""
    try:
        engine = get_engine(key)
    except (KeyError, ImportError):
        return "", ()
    if not engine.rolled:
        return (engine.new().position(), ()) if drawn else ("", ())
    if not roll:
        return "", ()
    start = engine.dice_start(roll, roll2 or None)
    return start.position, tuple(start.names)
