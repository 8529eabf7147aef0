"""``{% piece_legend game_or_variant %}``: the legend beside a board, for any page, in one line.

It renders ``templates/_piece_legend.html`` with the pieces of the game's start (or of the start position of a
variant as the public pages show it, :func:`tournaments.public.variant.variant_from_block`'s dict; or of a
position string with its variant's key given as ``variant``): figure in both colours, name, value, the move in
one sentence and a small move diagram, all from :mod:`variants.legend` (the piece catalogue and the movement
code; no table of our own). The variant's engine reads the position (:meth:`variants.base.Engine.squares`). A
page whose view has already built the rows may include the partial itself with ``legend`` (rows as
:func:`legend_rows` makes them) and ``diagram_key``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from django import template
from django.templatetags.static import static

from variants.base import Engine, InvalidPositionError
from variants.legend import DIAGRAM_KEY, diagram_svg, legend
from variants.registry import get_engine

register = template.Library()
DIAGRAM_PX = 72


def variant_of(source: object, variant: str = "") -> str:
    """The variant key a legend is drawn for: ``variant`` when given, else the game's or the variant dict's."""
    if variant:
        return variant
    if isinstance(source, Mapping):
        return str(source.get("variant") or "")
    return "" if isinstance(source, str) else str(getattr(source, "variant", "") or "")


def start_of(source: object) -> str:
    """The position a legend is drawn for: a position string as given, a variant dict's start position, or a
    game's start (its own start position, else its variant's start for the game's rolls); "" when there is none."""
    if isinstance(source, str):
        return source
    if isinstance(source, Mapping):
        return str(source.get("start_position") or "")
    position = getattr(source, "start_position", "") or ""
    variant = getattr(source, "variant", "")
    if position or not variant:
        return position
    try:
        engine = get_engine(variant)
        return engine.start_position(**(getattr(source, "start_options", None) or {}))
    except (KeyError, ValueError, InvalidPositionError):
        return ""


def piece_names(position: str, engine: type[Engine]) -> tuple[str, ...]:
    """The pieces of ``position`` as ``engine`` reads it, each once, in the order a reader meets them: White's
    first rank a..l, White's other pieces rank by rank (the pawns), then any piece only Black has; empty when it
    cannot be read."""
    try:
        board = engine.squares(position)
    except InvalidPositionError:
        return ()
    white = sorted((p for p in board.pieces if p.is_white), key=lambda p: (p.rank, p.file))
    black = sorted((p for p in board.pieces if not p.is_white), key=lambda p: (-p.rank, p.file))
    return tuple(dict.fromkeys(p.figure for p in [*white, *black]))


def _url(path: str) -> str:
    try:
        return static(path)
    except ValueError:  # not in the collected manifest: the row shows no figure rather than failing the page
        return ""


def _value(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


@lru_cache(maxsize=128)
def legend_rows(names: tuple[str, ...]) -> tuple[dict, ...]:
    """One row per piece of ``names`` (built once per set of pieces: the catalogue does not change while we run);
    a name the catalogue lacks leaves the legend empty rather than failing the page."""
    try:
        entries = legend(names)
    except KeyError:
        return ()
    rows = []
    for entry in entries:
        white, black = _url(entry.white_figure), _url(entry.black_figure)
        rows.append(
            {
                "name": entry.name,
                "symbol": entry.symbol,
                "value": _value(entry.value),
                "moves": entry.moves[:1].upper() + entry.moves[1:],
                "figure": white,
                "black_figure": black,
                "diagram": diagram_svg(entry, px=DIAGRAM_PX, figure_href=white or None),
            }
        )
    return tuple(rows)


@register.inclusion_tag("_piece_legend.html")
def piece_legend(source: object, heading: str = "The pieces", level: int = 2, variant: str = "") -> dict:
    """The legend of a game (its start), of a variant dict (its start position) or of a position string of the
    variant ``variant``, under ``heading`` (an ``<h{level}>``); empty for an unknown variant."""
    try:
        engine = get_engine(variant_of(source, variant))
    except KeyError:
        engine = None
    rows = legend_rows(piece_names(start_of(source), engine)) if engine is not None else ()
    return {"legend": rows, "diagram_key": DIAGRAM_KEY, "heading": heading, "level": level if level in (2, 3, 4) else 2}
