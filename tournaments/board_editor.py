"""The board editor's server side: what the editor starts from, and what a position set up in it means.

The editor (static/js/board-editor.js) draws a game's board with the variant's own pieces and lets a player or an
arbiter set up the final position. It never reads or writes a position string: the server gives it the squares
(:meth:`variants.base.Engine.squares`) and the pieces of the variant (the figures of the game's start, for Random
Variant Chess its rolled array), and turns what was set up back into a position through the engine
(:meth:`variants.base.Engine.setup_position`), which refuses a board it could not play. The material of each side
and what the event's scoring would give come from the engine and :func:`tournaments.services.results.compute_points`,
the one computation every result goes through.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.templatetags.static import static

from tournaments.models import Game
from tournaments.services.errors import reasons
from tournaments.services.result_grid import board_choices
from tournaments.services.results import SIDES, compute_points
from variants.base import ARMIES, WHITE, Engine, InvalidPositionError
from variants.legend import figure_path
from variants.pieces import PIECES
from variants.registry import get_engine

MAX_PIECES = 2 * 16 * 16  # more pieces than any board has squares (two a square where a variant shares them)


@dataclass(frozen=True)
class Claim:
    """What the page around the editor says of the game's end: the points depend on it."""

    result: str = ""
    termination: str = ""
    side: str = ""  # the army that forced stalemate or gave perpetual check, where the scoring needs it


def _engine(game: Game) -> type[Engine]:
    return get_engine(game.variant)


def start_of(game: Game) -> tuple[str, str]:
    """(the position the editor starts from, where it comes from): the last position of a game played here, else
    its start position."""
    if game.moves and game.position:
        return game.position, "live"
    if game.start_position:
        return game.start_position, "start"
    return _engine(game).start_position(**(game.start_options or {})), "start"


def _pieces(engine: type[Engine], position: str) -> list[dict]:
    return [{"square": p.square, "color": p.color, "figure": p.figure} for p in engine.squares(position).pieces]


def _figure(name: str, color: str) -> dict:
    return {"figure": name, "color": color, "url": static(figure_path(name, color)), "symbol": PIECES[name].symbol}


def setup(game: Game, typed: str = "") -> dict:
    """What the editor draws first: the board size, the pieces of ``typed`` (a position the page already holds,
    e.g. what was typed before an error) or else of :func:`start_of`, the side to move, and the palette."""
    engine = _engine(game)
    start, source = start_of(game)
    position = start
    if typed:
        try:
            engine.squares(typed)
            position, source = typed, "typed"
        except InvalidPositionError:
            pass  # a position the engine cannot read: the editor starts from the game's own
    pieces = _pieces(engine, position)
    options = game.start_options or {}
    try:
        turn = engine.from_position(position, **options).turn
        held = engine.reserve_of(position, **options)
    except (InvalidPositionError, ValueError):
        turn, held = WHITE, {}
    seen = {p["figure"] for p in _pieces(engine, start)} | {p["figure"] for p in pieces}
    names = sorted(seen, key=lambda name: (name != "King", name == "Pawn", -PIECES[name].value, name))
    return {
        "variant": engine.name,
        "files": engine.files,
        "ranks": engine.ranks,
        "simultaneous": engine.simultaneous,
        "turn": turn,
        "pieces": pieces,
        # Twilight Chess: the pieces waiting in each reserve, one entry each (null: the variant has no reserve).
        "reserve": [{"color": c, "figure": f} for c in ARMIES for f, n in held.get(c, {}).items() for _ in range(n)]
        if engine.has_reserve
        else None,
        "source": source,
        "palette": [_figure(name, color) for color in ARMIES for name in names],
    }


def _entries(items: object, keys: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The posted pieces (or reserve) as tuples of ``keys``; InvalidPositionError naming what is wrong."""
    shape = "{" + ", ".join(keys) + "}"
    if items is None:
        return []
    if not isinstance(items, list) or len(items) > MAX_PIECES:
        raise InvalidPositionError(f"a list of {shape}")
    found = []
    for item in items:
        if not isinstance(item, dict) or not all(isinstance(item.get(k), str) for k in keys):
            raise InvalidPositionError(f"each piece is {shape}")
        found.append(tuple(item[k] for k in keys))
    return found


def check(game: Game, pieces: object, turn: object, claim: Claim, reserve: object = None) -> dict:
    """The position the editor's board stands for, read by the engine, with the material of each side and, when
    the ``claim`` says how the game ended, the points the event's scoring gives (or why it gives none).
    Raises InvalidPositionError naming the fault when the engine would not play that board."""
    engine, options = _engine(game), game.start_options or {}
    if not isinstance(pieces, list):
        raise InvalidPositionError("pieces: a list of {square, color, figure}")
    placed = _entries(pieces, ("square", "color", "figure"))
    held = _entries(reserve, ("color", "figure"))
    position = engine.setup_position(placed, turn if isinstance(turn, str) else WHITE, held, **options)
    material = engine.material_of(position, **options)
    answer: dict = {"position": position, "material": {army: float(material[army]) for army in ARMIES}}
    answer["points"], answer["problems"] = None, {}
    if claim.termination:
        side_field = board_choices(game).side_field(claim.termination)
        sides = {side_field: claim.side} if side_field and claim.side in SIDES else {}
        try:
            white, black = compute_points(game, result=claim.result or "1/2-1/2", termination=claim.termination,
                                          position=position, **sides)  # fmt: skip
        except ValidationError as exc:
            answer["problems"] = dict(reasons(exc))
        else:
            answer["points"] = {"white": float(white), "black": float(black)}
    return answer
