"""The legend beside a board: figure, name, value, move sentence and a small move diagram for each piece in play.

Everything comes from the piece catalogue (:mod:`variants.pieces`: name, symbol, value, the move in one sentence)
and from the movement data as the fairy engine compiles it (:mod:`variants.movement`, :mod:`variants.fairy`):
the diagram is what the real move generator answers for the piece alone at the centre of an empty board, so a
change to the catalogue or to the movement data shows up here without a second table. Pure Python, no Django:
pages turn :func:`figure_path` into a URL with their own ``static`` tag.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from html import escape

from variants.fairy.board import Board
from variants.fairy.geometry import BLACK_COLOUR, WHITE_COLOUR, code
from variants.fairy.moves import move_from, move_to
from variants.fairy.rules import Rules
from variants.movement import MOVEMENT, Castles, Hop, Offset, PawnMoves
from variants.pieces import PIECES

COLOURS = ("white", "black")
DIAGRAM_SIZE = 9  # odd, so the piece stands on a centre square; 9 keeps the Giraffe's (1,4) leap on the board
_ENEMY = "Pawn"  # what stands on a target (or a screen) when the generator is asked about captures


@dataclass(frozen=True)
class Diagram:
    """Where a piece alone at ``centre`` of a ``size`` x ``size`` empty board may go, as (files, ranks) offsets
    from White's side (ranks grow upwards, towards Black).

    ``moves``: only to an empty square; ``captures``: only by capturing a piece standing there (with nothing
    else on the board); ``both``: either. ``screen_moves`` / ``screen_captures``: reachable only when exactly one
    other piece stands between as a screen (Cannon, Catapult). ``note`` is the catalogue's sentence when the
    empty board cannot show the whole move (screens, the pawn's double step, castling), else empty.
    """

    size: int
    centre: Offset
    moves: frozenset[Offset]
    captures: frozenset[Offset]
    both: frozenset[Offset]
    screen_moves: frozenset[Offset] = frozenset()
    screen_captures: frozenset[Offset] = frozenset()
    note: str = ""


@dataclass(frozen=True)
class LegendEntry:
    name: str
    symbol: str
    value: float
    moves: str  # the catalogue's sentence
    white_figure: str  # static path, e.g. "pieces/white/Griffin.svg"
    black_figure: str
    diagram: Diagram


def figure_path(name: str, color: str) -> str:
    """The figure's path under the static root: ``figure_path("Horse-Camel", "black")`` is
    ``"pieces/black/Horse-Camel.svg"``. KeyError for a piece the catalogue lacks, ValueError for a bad colour."""
    if color not in COLOURS:
        raise ValueError(f"colour is 'white' or 'black', not {color!r}")
    if name not in PIECES:  # a typo must fail here, not as a missing image on a page
        raise KeyError(f"{name!r} is not a piece of the catalogue")
    return f"pieces/{color}/{name.replace(' ', '-')}.svg"


def legend(names: Iterable[str]) -> list[LegendEntry]:
    """One entry per distinct piece of ``names``, in order of first appearance (pass the array a..l and
    ``"Pawn"``). Values and sentences are read from the catalogue at each call."""
    entries = []
    for name in dict.fromkeys(names):
        piece = PIECES[name]
        entries.append(
            LegendEntry(
                name=name,
                symbol=piece.symbol,
                value=piece.value,
                moves=piece.moves,
                white_figure=figure_path(name, "white"),
                black_figure=figure_path(name, "black"),
                diagram=diagram(name),
            )
        )
    return entries


# --- the diagram, asked of the real move generator ------------------------------------------------------------
def _targets(rules: Rules, name: str, others: dict[int, int]) -> set[Offset]:
    """Offsets the White ``name`` at the centre may go to with ``others`` ({square: code}) on the board."""
    size = DIAGRAM_SIZE
    centre = (size * size) // 2
    squares = [0] * (size * size)
    squares[centre] = code(name, WHITE_COLOUR)
    for sq, piece in others.items():
        squares[sq] = piece
    board = Board(rules, squares, WHITE_COLOUR, 0, -1, 0, 1, ())
    half = size // 2
    # pseudo_moves: there is no king to protect, only the piece's own pattern is wanted.
    return {(move_to(m) % size - half, move_to(m) // size - half) for m in board.pseudo_moves() if move_from(m) == centre}


def _square(offset: Offset) -> int:
    half = DIAGRAM_SIZE // 2
    return (offset[1] + half) * DIAGRAM_SIZE + offset[0] + half


def _all_offsets() -> list[Offset]:
    half = DIAGRAM_SIZE // 2
    return [(x, y) for y in range(-half, half + 1) for x in range(-half, half + 1) if (x, y) != (0, 0)]


def _over_screens(rules: Rules, name: str, plain: set[Offset], captures: set[Offset]) -> tuple[set[Offset], set[Offset]]:
    """(moves, captures) that need exactly one piece somewhere as a screen: every square tried as the screen."""
    enemy = code(_ENEMY, BLACK_COLOUR)
    moves: set[Offset] = set()
    takes: set[Offset] = set()
    for screen in _all_offsets():
        here = {_square(screen): enemy}
        moves |= _targets(rules, name, here) - {screen} - plain
        for t in _all_offsets():
            if t != screen and t not in captures and t in _targets(rules, name, {**here, _square(t): enemy}):
                takes.add(t)
    return moves, takes


@lru_cache(maxsize=64)
def _reach(name: str) -> tuple[frozenset[Offset], ...]:
    """(moves, captures, both, screen moves, screen captures) of ``name``; cached, the movement data does not
    change while the process runs."""
    # Our own tables, not fairy.rules.rules_for: its cache serves the games being played and is not ours to fill.
    rules = Rules(DIAGRAM_SIZE, DIAGRAM_SIZE, (name, _ENEMY), None)
    enemy = code(_ENEMY, BLACK_COLOUR)
    plain = _targets(rules, name, {})
    captures = {t for t in _all_offsets() if t in _targets(rules, name, {_square(t): enemy})}
    # Only hoppers gain squares from a screen; trying every screen square for the others would only cost time.
    hops = any(isinstance(p, Hop) for p in MOVEMENT[name])
    screen_moves, screen_captures = _over_screens(rules, name, plain, captures) if hops else (set(), set())
    parts = (plain - captures, captures - plain, plain & captures, screen_moves, screen_captures)
    return tuple(frozenset(part) for part in parts)


def diagram(name: str) -> Diagram:
    """The move diagram of ``name``; its note is the catalogue's sentence when the empty board cannot show the
    whole move (a screen, the pawn's double step and promotion, castling)."""
    moves, captures, both, screen_moves, screen_captures = _reach(name)
    primitives = MOVEMENT[name]
    incomplete = any(isinstance(p, Hop | PawnMoves | Castles) for p in primitives)
    half = DIAGRAM_SIZE // 2
    return Diagram(
        size=DIAGRAM_SIZE,
        centre=(half, half),
        moves=moves,
        captures=captures,
        both=both,
        screen_moves=screen_moves,
        screen_captures=screen_captures,
        note=PIECES[name].moves if incomplete else "",
    )


# --- drawing ------------------------------------------------------------------------------------------------
_LIGHT, _DARK, _SCREEN = "#f0e6d2", "#d2bf9c", "#f2b84b"
_MOVE, _CAPTURE = "#1f5f3a", "#b3261e"


# What the marks of diagram_svg mean, for the key a page prints once beside its legend.
DIAGRAM_KEY = (
    ("dot", "moves or captures"),
    ("ring", "moves only, without capturing"),
    ("cross", "captures only"),
    ("amber square", "only by leaping over exactly one piece on the line"),
)


def diagram_svg(entry: LegendEntry, px: int = 90, figure_href: str | None = None) -> str:
    """A small inline SVG of ``entry``'s diagram, marked as :data:`DIAGRAM_KEY` says. The piece stands at the
    centre: its figure when ``figure_href`` (a URL) is given, else a disc with its symbol."""
    d = entry.diagram
    n = d.size
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {n} {n}" width="{px}" height="{px}" role="img" '
        f'aria-label="{escape(entry.name)}: {escape(entry.moves)}"><title>{escape(entry.moves)}</title>'
    ]
    screens = d.screen_moves | d.screen_captures
    cx, cy = d.centre
    for row in range(n):
        for col in range(n):
            offset = (col - cx, (n - 1 - row) - cy)  # SVG rows run downwards, ranks upwards
            fill = _SCREEN if offset in screens else (_LIGHT if (row + col) % 2 == 0 else _DARK)
            parts.append(f'<rect x="{col}" y="{row}" width="1" height="1" fill="{fill}"/>')
            parts.append(_mark(d, offset, col + 0.5, row + 0.5))
    parts.append(_centre_piece(entry, cx + 0.5, n - 1 - cy + 0.5, figure_href))
    parts.append("</svg>")
    return "".join(parts)


def _mark(d: Diagram, offset: Offset, x: float, y: float) -> str:
    if offset in d.both:
        return f'<circle cx="{x}" cy="{y}" r="0.27" fill="{_MOVE}"/>'
    if offset in d.moves:
        return f'<circle cx="{x}" cy="{y}" r="0.24" fill="none" stroke="{_MOVE}" stroke-width="0.1"/>'
    if offset in d.captures:
        s = 0.25
        return (
            f'<path d="M{x - s} {y - s}L{x + s} {y + s}M{x - s} {y + s}L{x + s} {y - s}" '
            f'stroke="{_CAPTURE}" stroke-width="0.14" stroke-linecap="round"/>'
        )
    return ""


def _centre_piece(entry: LegendEntry, x: float, y: float, figure_href: str | None) -> str:
    if figure_href:
        return f'<image href="{escape(figure_href)}" x="{x - 0.5}" y="{y - 0.5}" width="1" height="1"/>'
    return (
        f'<circle cx="{x}" cy="{y}" r="0.45" fill="#222"/>'
        f'<text x="{x}" y="{y + 0.17}" font-size="0.5" text-anchor="middle" fill="#fff" '
        f'font-family="sans-serif">{escape(entry.symbol)}</text>'
    )
