"""The per-process engine cache.

The engine is rebuilt from the start position plus the moves (repetition history and the switch state of
Switch-Side Chain-Chess live in the move list, not in a position string); a small per-process cache keyed by
the game's version avoids the replay on the next request of the same game.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from tournaments.models import Game
from variants.base import Engine
from variants.registry import get_engine

_CACHE: OrderedDict[int, tuple[tuple, Engine]] = OrderedDict()
_CACHE_LOCK = threading.Lock()
CACHE_SIZE = 2000


def build_engine(game: Game) -> Engine:
    """The engine at the game's current position: start position (or the variant's start) plus every move."""
    cls = get_engine(game.variant)
    # A rolled variant needs its block's rolls (Random Variant Chess: which fairy pieces); others need none.
    options = cls.start_options(game.first_roll, game.second_roll)
    engine = cls.from_position(game.start_position, **options) if game.start_position else cls.new(**options)
    for entry in game.moves:
        if cls.simultaneous:
            white_move, black_move = entry.split()
            engine.play_turn(white_move, black_move)
        else:
            engine.play(entry)
    return engine


def _fingerprint(game: Game) -> tuple:
    """What the cached engine must match: same version, variant, start and moves (ids can be reused in tests)."""
    return (game.version, game.variant, game.start_position, hash(tuple(game.moves)))


def take_engine(game: Game) -> Engine:
    """The game's engine, taken out of the cache (so no other thread uses it meanwhile) or rebuilt."""
    with _CACHE_LOCK:
        entry = _CACHE.pop(game.pk, None)
    if entry is not None and entry[0] == _fingerprint(game):
        return entry[1]
    return build_engine(game)


def put_engine(game: Game, engine: Engine) -> None:
    """Return ``engine`` (at ``game``'s current state) to the cache for the next request."""
    with _CACHE_LOCK:
        _CACHE[game.pk] = (_fingerprint(game), engine)
        _CACHE.move_to_end(game.pk)
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)


def clear_engine_cache() -> None:
    with _CACHE_LOCK:
        _CACHE.clear()


def forget_engine(game_id: int) -> None:
    """Drop the cached engine of a game that will not be played on (its result was decided)."""
    with _CACHE_LOCK:
        _CACHE.pop(game_id, None)
