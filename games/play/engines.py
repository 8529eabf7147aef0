"""The per-process engine cache.

The engine is rebuilt from the start position plus the moves (repetition history and the switch state of
Switch-Side Chain-Chess live in the move list, not in a position string); a small per-process cache avoids the
replay on the next request of the same game. An engine is a function of the game's variant, start and moves
only, so a cached engine a few moves behind (the moves in between were served by another process: each server
process keeps its own cache) catches up by playing the moves it has not seen, not the whole game again.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict

from tournaments.models import Game
from variants.base import Engine, InvalidPositionError
from variants.registry import VariantUnavailable, get_engine

_CACHE: OrderedDict[int, tuple[tuple, tuple, Engine]] = OrderedDict()  # id -> (start, moves applied, engine)
_CACHE_LOCK = threading.Lock()
CACHE_SIZE = 2000


def _start(game: Game) -> tuple:
    """What the engine's starting point depends on."""
    return (game.variant, game.start_position, json.dumps(game.start_options or {}, sort_keys=True))


def new_engine(game: Game) -> Engine:
    """The engine at the game's start: its start position (or the variant's start) with its block's rolls. A
    stored variant no engine plays is :class:`VariantUnavailable`, a stored start that does not read
    :class:`InvalidPositionError`: a reader answers them (404 or 409), never a 500."""
    try:
        cls = get_engine(game.variant)
    except VariantUnavailable:
        raise
    except KeyError:
        raise VariantUnavailable(str(game.variant), "no engine is registered under this key") from None
    # A rolled variant needs its start options (Random Variant Chess: the rolls that chose its fairy pieces).
    options = game.start_options or {}
    if not isinstance(options, dict):
        raise InvalidPositionError(f"the stored start options are not a mapping: {options!r:.80}")
    try:
        return cls.from_position(game.start_position, **options) if game.start_position else cls.new(**options)
    except (TypeError, ValueError, KeyError) as exc:
        if isinstance(exc, InvalidPositionError):
            raise
        raise InvalidPositionError(f"the stored start does not read: {exc}") from None


def apply_moves(engine: Engine, entries) -> None:
    """Play the game's move entries on ``engine`` (a simultaneous variant's entry is both armies' moves)."""
    for entry in entries:
        if engine.simultaneous:
            white_move, black_move = entry.split()
            engine.play_turn(white_move, black_move)
        else:
            engine.play(entry)


def build_engine(game: Game) -> Engine:
    """The engine at the game's current position: start position (or the variant's start) plus every move."""
    engine = new_engine(game)
    apply_moves(engine, game.moves)
    return engine


def take_engine(game: Game) -> Engine:
    """The game's engine, taken out of the cache (so no other thread uses it meanwhile), caught up with moves
    played since it was cached, or rebuilt."""
    with _CACHE_LOCK:
        entry = _CACHE.pop(game.pk, None)
    moves = game.moves
    if entry is not None and entry[0] == _start(game):
        applied, engine = entry[1], entry[2]
        if len(applied) <= len(moves) and tuple(moves[: len(applied)]) == applied:
            apply_moves(engine, moves[len(applied) :])
            return engine
    return build_engine(game)


def put_engine(game: Game, engine: Engine) -> None:
    """Return ``engine`` (at ``game``'s current state) to the cache for the next request."""
    with _CACHE_LOCK:
        _CACHE[game.pk] = (_start(game), tuple(game.moves), engine)
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
