"""An SVG diagram of a position, drawn by the project (no images, no JavaScript).

Pure Python: it reads only the board part of a position string (everything before the first space), so it
serves the 12x8 Random Variant Chess positions and the 8x8 FEN-like positions of the other variants alike:

* ranks from the top (rank 8) down, separated by ``/``;
* a piece is a letter (upper case White, lower case Black) or ``+`` and a letter (the lame leapers of seed 002);
* a run of empty squares is a decimal number, possibly of two digits (``12`` is an empty 12x8 rank);
* a crazyhouse-style pocket (``[...]``) and python-chess's promoted marker ``~`` are ignored.

The SVG carries ``role="img"``, a ``<title>`` and a ``<desc>`` listing every piece by square, so a screen
reader can read the position; file letters and rank numbers are drawn around the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from variants.boardtext import BoardTextError, board_part, rank_symbols
from variants.pieces import BY_SYMBOL

SQUARE = 40  # px per square
MARGIN = 20  # px for the file and rank labels
LIGHT = "#f0d9b5"
DARK = "#b58863"
SUPPORTED_SIZES = {(8, 8), (12, 8)}


class BoardParseError(ValueError):
    """The board part of a position string is malformed; the message says where."""


@dataclass(frozen=True)
class Placed:
    """One piece on the board: ``symbol`` as written (``"+c"`` for a Black Horse-Camel) and its square."""

    symbol: str
    file: int  # 0 = a
    rank: int  # 0 = rank 1

    @property
    def is_white(self) -> bool:
        return self.symbol[-1].isupper()

    @property
    def square(self) -> str:
        return f"{chr(ord('a') + self.file)}{self.rank + 1}"

    @property
    def name(self) -> str:
        piece = BY_SYMBOL.get(self.symbol.upper())
        return piece.name if piece else self.symbol.upper()


@dataclass(frozen=True)
class Board:
    files: int
    ranks: int
    pieces: tuple[Placed, ...]


def _parse_rank(text: str, rank_label: int) -> list[str | None]:
    squares: list[str | None] = []
    try:
        for symbol in rank_symbols(text, rank_label):
            if symbol is None:
                squares.append(None)
            elif symbol.startswith("+"):
                if len(symbol) < 2 or not symbol[1].isalpha():
                    raise BoardParseError(f"rank {rank_label}: '+' must be followed by a piece letter")
                squares.append(symbol)
            elif symbol.isalpha() and symbol.isascii():
                squares.append(symbol)
            elif symbol != "~":  # Twilight (and python-chess's crazyhouse) mark pieces with a '~'
                raise BoardParseError(f"rank {rank_label}: unexpected character {symbol!r}")
    except BoardTextError as exc:
        raise BoardParseError(str(exc)) from None
    return squares


def parse_board(position: str) -> Board:
    """The pieces of the board part of ``position``; raises :class:`BoardParseError` when it is malformed."""
    text = board_part(position)
    if not text:
        raise BoardParseError("empty position string")
    rows = text.split("/")
    ranks = len(rows)
    parsed = [_parse_rank(row, ranks - index) for index, row in enumerate(rows)]
    widths = {len(row) for row in parsed}
    if len(widths) != 1:
        raise BoardParseError(f"ranks of different widths: {sorted(widths)}")
    files = widths.pop()
    if (files, ranks) not in SUPPORTED_SIZES:
        raise BoardParseError(f"a {files}x{ranks} board is not supported (12x8 or 8x8)")
    pieces = tuple(
        Placed(symbol, file, ranks - 1 - row_index)
        for row_index, row in enumerate(parsed)
        for file, symbol in enumerate(row)
        if symbol is not None
    )
    return Board(files=files, ranks=ranks, pieces=pieces)


def describe(board: Board) -> str:
    """A sentence per army listing its pieces by square (for the SVG ``<desc>`` and for screen readers)."""
    parts = []
    for label, white in (("White", True), ("Black", False)):
        listed = [p for p in board.pieces if p.is_white == white]
        listed.sort(key=lambda p: (p.rank, p.file) if white else (-p.rank, p.file))
        text = ", ".join(f"{p.name} {p.square}" for p in listed) or "no pieces"
        parts.append(f"{label}: {text}.")
    return " ".join(parts)


def _piece_svg(piece: Placed, x: float, y: float) -> str:
    fill, ink = ("#ffffff", "#111111") if piece.is_white else ("#222222", "#ffffff")
    letter = piece.symbol.upper()
    font = 15 if len(letter) > 1 else 19
    radius = SQUARE * 0.4
    return (
        f'<g class="piece" aria-hidden="true"><circle cx="{x}" cy="{y}" r="{radius}" fill="{fill}" stroke="#111" '
        f'stroke-width="1.5"/><text x="{x}" y="{y}" fill="{ink}" font-size="{font}" font-weight="700" '
        f'text-anchor="middle" dominant-baseline="central" font-family="sans-serif">{escape(letter)}</text></g>'
    )


def board_svg(position: str, *, title: str = "Starting position", svg_id: str = "board") -> str:
    """The SVG markup of the board part of ``position`` (raises :class:`BoardParseError` on a malformed one).

    ``title`` becomes the accessible name; ``svg_id`` prefixes the ids of ``<title>``/``<desc>`` so that two
    boards can share a page.
    """
    board = parse_board(position)
    width = board.files * SQUARE + 2 * MARGIN
    height = board.ranks * SQUARE + 2 * MARGIN
    title_id, desc_id = f"{svg_id}-title", f"{svg_id}-desc"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board" id="{escape(svg_id)}" role="img" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'aria-labelledby="{escape(title_id)} {escape(desc_id)}" data-files="{board.files}" data-ranks="{board.ranks}">',
        f'<title id="{escape(title_id)}">{escape(title)} ({board.files}x{board.ranks} board)</title>',
        f'<desc id="{escape(desc_id)}">{escape(describe(board))}</desc>',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fafafa"/>',
    ]
    squares = []
    for row in range(board.ranks):
        for file in range(board.files):
            rank = board.ranks - 1 - row
            colour = LIGHT if (file + rank) % 2 else DARK  # a1 is dark
            squares.append(
                f'<rect x="{MARGIN + file * SQUARE}" y="{MARGIN + row * SQUARE}" width="{SQUARE}" height="{SQUARE}" '
                f'fill="{colour}"/>'
            )
    out.append('<g class="squares" aria-hidden="true">' + "".join(squares) + "</g>")
    labels = []
    for file in range(board.files):
        letter = chr(ord("a") + file)
        x = MARGIN + file * SQUARE + SQUARE / 2
        for y in (MARGIN / 2, height - MARGIN / 2):
            labels.append(
                f'<text x="{x}" y="{y}" font-size="12" text-anchor="middle" dominant-baseline="central" '
                f'font-family="sans-serif">{letter}</text>'
            )
    for row in range(board.ranks):
        number = board.ranks - row
        y = MARGIN + row * SQUARE + SQUARE / 2
        for x in (MARGIN / 2, width - MARGIN / 2):
            labels.append(
                f'<text x="{x}" y="{y}" font-size="12" text-anchor="middle" dominant-baseline="central" '
                f'font-family="sans-serif">{number}</text>'
            )
    out.append('<g class="labels" aria-hidden="true">' + "".join(labels) + "</g>")
    for piece in board.pieces:
        x = MARGIN + piece.file * SQUARE + SQUARE / 2
        y = MARGIN + (board.ranks - 1 - piece.rank) * SQUARE + SQUARE / 2
        out.append(_piece_svg(piece, x, y))
    out.append("</svg>")
    return "".join(out)
