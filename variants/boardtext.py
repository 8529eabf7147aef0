"""The board part of a position string, read square by square without knowing any variant's pieces.

One reader for every board text in the project: FEN (8x8, single-digit runs), the fairy engine's 12x8 strings
(``+C``/``+c`` horse forms, two-digit runs such as ``12``) and Twilight's (a ``[..]`` reserve after the board,
``~`` after a pawn that may not double-step). Ranks run from the last down to the first, separated by ``/``.
Which symbols are pieces is for the caller of :func:`rank_symbols` to judge (the fairy notation knows its
catalogue); :func:`read_board`, the default of :meth:`variants.base.Engine.squares`, reads a whole board into
:class:`variants.squares.Squares` with the piece catalogue's names as figure keys.
"""

from __future__ import annotations

from collections.abc import Iterator

from variants.pieces import BY_SYMBOL
from variants.squares import Placed, Squares

FILE_LETTERS = "abcdefghijklmnop"
MAX_FILES = 16  # the widest board any engine supports (the fairy engine's limit)


class BoardTextError(ValueError):
    """The board text is malformed; the message names the rank."""


def board_part(position: str) -> str:
    """What stands before the first space of ``position``, without a bracketed reserve (``[Nq]``)."""
    text = (position or "").strip().split(" ", 1)[0]
    return text.split("[", 1)[0]


def rank_symbols(text: str, rank: int) -> Iterator[str | None]:
    """The squares of one rank (``rank`` is its number, for messages), file a first.

    Yields each symbol as written (``"N"``, ``"p"``; ``"+"`` with the character after it, ``"+C"``) or None
    for an empty square; a run of digits is that many empty squares. Lazy, so that a caller checking each
    symbol as it comes reports the first fault in the text. Raises :class:`BoardTextError` for a run of 0 or
    one longer than any board (a run such as ``99999999999`` must not make us build that many squares).
    """
    i = 0
    while i < len(text):
        char = text[i]
        if char.isdigit():
            j = i
            while j < len(text) and text[j].isdigit():
                j += 1
            run = int(text[i:j])
            if run == 0:
                raise BoardTextError(f"rank {rank}: an empty run of 0 squares")
            if run > MAX_FILES:
                raise BoardTextError(f"rank {rank}: an empty run of {run} squares is longer than any board")
            yield from [None] * run
            i = j
            continue
        symbol = text[i : i + 2] if char == "+" else char
        yield symbol
        i += len(symbol)


# --- the squares of a board text ----------------------------------------------------------------------------------
def _checked(symbol: str, rank: int) -> str:
    """``symbol`` if it is a piece of the catalogue (any case), else BoardTextError naming the fault."""
    if symbol.startswith("+") and (len(symbol) < 2 or not symbol[1].isalpha()):
        raise BoardTextError(f"rank {rank}: '+' must be followed by a piece letter")
    if not (symbol.isascii() and symbol[-1].isalpha()):
        raise BoardTextError(f"rank {rank}: unexpected character {symbol!r}")
    if symbol.upper() not in BY_SYMBOL:
        raise BoardTextError(f"rank {rank}: unknown piece symbol {symbol!r}")
    return symbol


def _rank_squares(text: str, rank: int, shared: bool) -> list[tuple[str, ...]]:
    """The squares of one rank, each the tuple of symbols standing there: none, one, or (``shared``: Parity
    Chess's ``(Pp)``) two. A ``~`` after a piece (Twilight's pawn that may not double-step) is a mark, not a
    square."""
    squares: list[tuple[str, ...]] = []
    pair: list[str] | None = None  # inside "(...)": the pieces of one shared square
    for symbol in rank_symbols(text, rank):
        if symbol == "~":
            continue
        if shared and symbol == "(" and pair is None:
            pair = []
        elif shared and symbol == ")" and pair:
            squares.append(tuple(pair))
            pair = None
        elif symbol is None or pair is None:
            squares.append(() if symbol is None else (_checked(symbol, rank),))
        elif len(pair) < 2:
            pair.append(_checked(symbol, rank))
        else:
            raise BoardTextError(f"rank {rank}: a shared square holds two pieces")
    if pair is not None:
        raise BoardTextError(f"rank {rank}: '(' without its ')'")
    return squares


def read_board(position: str, files: int, ranks: int, *, shared: bool = False) -> Squares:
    """The pieces of the board part of ``position`` on a ``files`` x ``ranks`` board (``shared``: two pieces may
    share a square, written ``(Pp)``). Raises :class:`BoardTextError` naming the fault: an empty text, ranks of
    different widths, a board of another size, a symbol that is no piece of the catalogue."""
    text = board_part(position)
    if not text:
        raise BoardTextError("empty position string")
    rows = text.split("/")
    parsed = [_rank_squares(row, len(rows) - index, shared) for index, row in enumerate(rows)]
    widths = {len(row) for row in parsed}
    if len(widths) != 1:
        raise BoardTextError(f"ranks of different widths: {sorted(widths)}")
    width = widths.pop()
    if (width, len(rows)) != (files, ranks):
        raise BoardTextError(f"a {width}x{len(rows)} board is not supported: this variant is played on {files}x{ranks}")
    pieces = []
    for row_index, row in enumerate(parsed):
        rank = ranks - 1 - row_index
        for file, square in enumerate(row):
            name = f"{FILE_LETTERS[file]}{rank + 1}"
            for symbol in square:
                color = "white" if symbol[-1].isupper() else "black"
                pieces.append(Placed(name, file, rank, color, BY_SYMBOL[symbol.upper()].name, symbol))
    return Squares(files, ranks, tuple(pieces))


# --- writing a board set up by hand -------------------------------------------------------------------------------
def write_board(pieces: dict[str, tuple[str, ...]], files: int, ranks: int) -> str:
    """The board text of ``pieces`` (``{square: (symbol, ...)}``, two symbols for a shared square, written
    ``(Pp)``) on a ``files`` x ``ranks`` board, last rank first. Raises :class:`BoardTextError` for a square off
    the board."""
    known = {f"{FILE_LETTERS[f]}{r + 1}" for f in range(files) for r in range(ranks)}
    off = sorted(set(pieces) - known)
    if off:
        raise BoardTextError(f"{off[0]} is not a square of a {files}x{ranks} board")
    rows = []
    for rank in range(ranks - 1, -1, -1):
        row, empty = "", 0
        for file in range(files):
            here = pieces.get(f"{FILE_LETTERS[file]}{rank + 1}", ())
            if not here:
                empty += 1
                continue
            if empty:
                row, empty = row + str(empty), 0
            row += here[0] if len(here) == 1 else f"({''.join(here)})"
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)
