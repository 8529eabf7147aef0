"""An SVG diagram of a position, drawn by the project (no JavaScript): the board of every page.

It draws what the variant's engine reads from a position (:meth:`variants.base.Engine.squares`: each piece with
its square, colour and figure key, and the board size) and reads no position itself: :func:`position_svg` asks
the engine, :func:`board_svg` draws its answer. Parity Chess's shared square (two pieces on one square) is drawn
with both pieces, side by side.

Each piece is drawn with its figure from the project's piece set (``static/pieces``, see its README), inlined
once per board as an SVG ``<symbol>`` and placed with ``<use>``, so the diagram needs no other request and no
static URL; a piece the piece set has no figure for is drawn as its letter in a disc.

The page interface (used by the browser tests and the play page): every square is a ``<g data-square="e2">``
holding its ``<rect>`` and the piece standing there, a ``<g class="piece" data-piece="Griffin"
data-color="white">``. The SVG carries ``role="img"``, a ``<title>`` and a ``<desc>`` listing every piece by
square, so a screen reader can read the position; file letters and rank numbers are drawn around the board.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from html import escape
from pathlib import Path

from variants.base import Engine
from variants.legend import figure_path
from variants.pieces import PIECES
from variants.squares import Placed, Squares

SQUARE = 40  # px per square
MARGIN = 20  # px for the file and rank labels
LIGHT = "#f0d9b5"
DARK = "#b58863"
STATIC_DIR = Path(__file__).resolve().parent.parent / "static"  # where static/pieces/<colour>/<Name>.svg live


def describe(board: Squares) -> str:
    """A sentence per army listing its pieces by square (for the SVG ``<desc>`` and for screen readers)."""
    parts = []
    for label, white in (("White", True), ("Black", False)):
        listed = [p for p in board.pieces if p.is_white == white]
        listed.sort(key=lambda p: (p.rank, p.file) if white else (-p.rank, p.file))
        text = ", ".join(f"{p.figure} {p.square}" for p in listed) or "no pieces"
        parts.append(f"{label}: {text}.")
    return " ".join(parts)


# --- the figures ------------------------------------------------------------------------------------------------
_SVG_OPEN = re.compile(r"^\s*<svg\b[^>]*>", re.S)
_TITLE = re.compile(r"<title>.*?</title>", re.S)
_ID = re.compile(r'\bid="([^"]+)"')
_URL_REF = re.compile(r"url\(#([^)]+)\)")


@lru_cache(maxsize=64)
def figure_body(name: str, color: str) -> str | None:
    """The drawing inside the figure file of ``name`` in ``color`` (its ``<svg>`` wrapper and title removed), or
    None when the catalogue has no such piece or the file is missing. Read once per process."""
    if name not in PIECES:
        return None
    path = STATIC_DIR / figure_path(name, color)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return None
    body = _TITLE.sub("", _SVG_OPEN.sub("", text, count=1)).replace("</svg>", "")
    return body.strip()


def symbol_id(svg_id: str, name: str, color: str) -> str:
    """The id of a figure's ``<symbol>`` in the board ``svg_id`` (unique per board, so boards can share a page)."""
    return f"{svg_id}-{color}-{name}"


def _symbol(svg_id: str, name: str, color: str, body: str) -> str:
    # The figures' own ids (the clip paths of the compound pieces) are made unique to this board and figure too.
    prefix = symbol_id(svg_id, name, color)
    body = _ID.sub(lambda m: f'id="{prefix}-{m.group(1)}"', body)
    body = _URL_REF.sub(lambda m: f"url(#{prefix}-{m.group(1)})", body)
    return f'<symbol id="{escape(prefix)}" viewBox="0 0 45 45">{body}</symbol>'


def figure_defs(svg_id: str, pieces: Iterable[tuple[str, str]]) -> str:
    """``<defs>`` with one ``<symbol>`` per distinct (name, colour) that has a figure."""
    symbols = []
    for name, color in dict.fromkeys(pieces):
        body = figure_body(name, color)
        if body is not None:
            symbols.append(_symbol(svg_id, name, color, body))
    return f"<defs>{''.join(symbols)}</defs>" if symbols else ""


def _piece_svg(piece: Placed, x: float, y: float, size: float, svg_id: str) -> str:
    """The piece with its top left corner at (x, y): its figure, or a letter in a disc for an unknown symbol."""
    attrs = f'class="piece" data-piece="{escape(piece.figure)}" data-color="{piece.color}"'
    if figure_body(piece.figure, piece.color) is not None:
        href = escape(symbol_id(svg_id, piece.figure, piece.color))
        return f'<g {attrs}><use href="#{href}" x="{x}" y="{y}" width="{size}" height="{size}"/></g>'
    fill, ink = ("#ffffff", "#111111") if piece.is_white else ("#222222", "#ffffff")
    letter = piece.symbol.upper()
    cx, cy, font = x + size / 2, y + size / 2, size * (0.375 if len(letter) > 1 else 0.475)
    return (
        f'<g {attrs}><circle cx="{cx}" cy="{cy}" r="{size * 0.4}" fill="{fill}" stroke="#111" stroke-width="1.5"/>'
        f'<text x="{cx}" y="{cy}" fill="{ink}" font-size="{font:g}" font-weight="700" text-anchor="middle" '
        f'dominant-baseline="central" font-family="sans-serif">{escape(letter)}</text></g>'
    )


# --- the board --------------------------------------------------------------------------------------------------
def _squares(board: Squares, svg_id: str, flipped: bool) -> str:
    by_square: dict[tuple[int, int], list[Placed]] = {}
    for piece in board.pieces:
        by_square.setdefault((piece.file, piece.rank), []).append(piece)
    out = []
    for row in range(board.ranks):
        for column in range(board.files):
            file, rank = (board.files - 1 - column, row) if flipped else (column, board.ranks - 1 - row)
            x, y = MARGIN + column * SQUARE, MARGIN + row * SQUARE
            shade = "light" if (file + rank) % 2 else "dark"  # a1 is dark
            name = f"{chr(ord('a') + file)}{rank + 1}"
            parts = [
                f'<g class="square {shade}" data-square="{name}"><rect x="{x}" y="{y}" width="{SQUARE}" '
                f'height="{SQUARE}" fill="{LIGHT if shade == "light" else DARK}"/>'
            ]
            here = by_square.get((file, rank), [])
            if len(here) == 1:
                parts.append(_piece_svg(here[0], x, y, SQUARE, svg_id))
            else:  # a shared square (Parity Chess): both pieces, smaller, white top left and black bottom right
                small = SQUARE * 0.62
                for index, piece in enumerate(sorted(here, key=lambda p: not p.is_white)):
                    offset = index * (SQUARE - small)
                    parts.append(_piece_svg(piece, x + offset, y + offset, small, svg_id))
            parts.append("</g>")
            out.append("".join(parts))
    return '<g class="squares">' + "".join(out) + "</g>"


def _labels(board: Squares, width: int, height: int, flipped: bool) -> str:
    labels = []
    text = 'font-size="12" text-anchor="middle" dominant-baseline="central" font-family="sans-serif"'
    for column in range(board.files):
        letter = chr(ord("a") + (board.files - 1 - column if flipped else column))
        x = MARGIN + column * SQUARE + SQUARE / 2
        for y in (MARGIN / 2, height - MARGIN / 2):
            labels.append(f'<text x="{x}" y="{y}" {text}>{letter}</text>')
    for row in range(board.ranks):
        number = row + 1 if flipped else board.ranks - row
        y = MARGIN + row * SQUARE + SQUARE / 2
        for x in (MARGIN / 2, width - MARGIN / 2):
            labels.append(f'<text x="{x}" y="{y}" {text}>{number}</text>')
    return '<g class="labels" aria-hidden="true">' + "".join(labels) + "</g>"


def board_svg(
    board: Squares,
    *,
    title: str = "Starting position",
    svg_id: str = "board",
    flipped: bool = False,
    figures: Iterable[str] = (),
) -> str:
    """The SVG markup of ``board`` (what an engine's :meth:`~variants.base.Engine.squares` read).

    ``title`` becomes the accessible name; ``svg_id`` prefixes every id inside (``<title>``, ``<desc>``, the
    figures) so that two boards can share a page. ``flipped`` draws Black's side at the bottom. ``figures``:
    figure keys of pieces to define besides those on the board (both colours), for a script that will place them.
    """
    width = board.files * SQUARE + 2 * MARGIN
    height = board.ranks * SQUARE + 2 * MARGIN
    title_id, desc_id = f"{svg_id}-title", f"{svg_id}-desc"
    wanted = [(p.figure, p.color) for p in board.pieces] + [(n, c) for n in figures for c in ("white", "black")]
    return "".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" class="board" id="{escape(svg_id)}" role="img" '
            f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
            f'aria-labelledby="{escape(title_id)} {escape(desc_id)}" data-files="{board.files}" '
            f'data-ranks="{board.ranks}" data-orientation="{"black" if flipped else "white"}">',
            f'<title id="{escape(title_id)}">{escape(title)} ({board.files}x{board.ranks} board)</title>',
            f'<desc id="{escape(desc_id)}">{escape(describe(board))}</desc>',
            figure_defs(svg_id, wanted),
            f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fafafa"/>',
            _squares(board, svg_id, flipped),
            _labels(board, width, height, flipped),
            "</svg>",
        ]
    )


def position_svg(
    engine: type[Engine],
    position: str,
    *,
    title: str = "Starting position",
    svg_id: str = "board",
    flipped: bool = False,
    figures: Iterable[str] = (),
) -> str:
    """The SVG of ``position`` as ``engine`` reads it (the options as for :func:`board_svg`); raises
    :class:`variants.base.InvalidPositionError` naming the fault of a malformed one."""
    board = engine.squares(position)
    return board_svg(board, title=title, svg_id=svg_id, flipped=flipped, figures=figures)
