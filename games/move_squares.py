"""The play page's board data: where each legal move goes (from and to squares, promotions, drops, warps, the
pass, the switch of Switch-Side Chain-Chess with the chain it forms) and the positions of the game so far with
the squares each move changed.

Every fact comes from the engine: :meth:`variants.base.Engine.move_squares` says where its moves go and
:meth:`variants.base.Engine.squares` what stands where; this module only puts them in the page's JSON shape
(static/js/board.js reads it) and caches the answer per game version. It reads no position and no notation.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from tournaments.models import Game
from variants.base import ARMIES, Engine
from variants.registry import get_engine
from variants.squares import MoveSquares


def entry(move: MoveSquares) -> dict:
    """One legal move as the page reads it: ``{san, from, to, piece, kind, promotion, capture, also, switch}`` and
    ``chain`` for a switch that goes to a square."""
    found = {
        "san": move.san,
        "from": move.origin,
        "to": move.target,
        "piece": move.piece,
        "kind": move.kind,
        "promotion": move.promotion,
        "capture": move.capture,
        "also": list(move.also),
        "switch": move.switch,
    }
    if move.switch and move.target:
        found["chain"] = list(move.chain)
    return found


def moves_of(engine: Engine, army: str) -> list[dict]:
    """The legal moves of ``army`` (the army to move, or either army of a simultaneous variant) as squares."""
    return [entry(move) for move in engine.move_squares(army)]


# --- the game so far and the moves now ----------------------------------------------------------------------------
@dataclass(frozen=True)
class PlayData:
    version: int
    moves: dict[str, list[dict]]  # army -> its legal moves as squares (the armies that may move now)
    history: list[dict]  # {"position", "changed": [squares]} for the start and after each entry of game.moves


_CACHE: OrderedDict[tuple, PlayData] = OrderedDict()
_LOCK = threading.Lock()
CACHE_SIZE = 256


def _replay(game: Game, cls: type[Engine], options: dict) -> tuple[Engine, list[dict]]:
    engine = cls.from_position(game.start_position, **options) if game.start_position else cls.new(**options)
    position = engine.position()
    board = cls.squares(position)
    history = [{"position": position, "changed": []}]
    for played in game.moves:
        if cls.simultaneous:
            engine.play_turn(*played.split())
        else:
            engine.play(played)
        position, before = engine.position(), board
        board = cls.squares(position)
        history.append({"position": position, "changed": board.changed(before)})
    return engine, history


def play_data(game: Game) -> PlayData:
    """The positions of ``game`` so far and the moves of the armies that may move now (cached per version)."""
    key = (game.pk, game.version, game.variant, game.start_position, tuple(game.moves), game.status)
    with _LOCK:
        found = _CACHE.get(key)
    if found is not None:
        return found
    cls = get_engine(game.variant)
    options = game.start_options or {}
    engine, history = _replay(game, cls, options)
    moves: dict[str, list[dict]] = {}
    if game.status != Game.Status.FINISHED and not game.result and engine.outcome() is None:
        armies = ARMIES if cls.simultaneous else (engine.turn,)
        moves = {army: moves_of(engine, army) for army in armies}
    data = PlayData(game.version, moves, history)
    with _LOCK:
        _CACHE[key] = data
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)
    return data
