"""Position strings and SAN-like move notation of the fairy engine.

Position string: ranks from the last down to the first separated by ``/``; a piece is its catalogue symbol
(upper case White, lower case Black, ``+C``/``+c`` for the horse forms); runs of empty squares are decimal
numbers (``12``). Then side to move, castling rights (``KQkq`` subset or ``-``; K/k = towards the last file),
en passant target or ``-``, halfmove clock, fullmove number and, optionally, the king's castling step count
(``4``, ``3``, ``2`` or ``-``).

SAN: ``Nf3``, ``+Cxd4`` (horse forms keep their ``+``), ``exd5``, ``e8=Q``, ``e8=+C``, ``O-O``/``O-O-O``,
with ``+`` or ``#`` after a checking or mating move; the from-square is added (file, rank or both) only when
needed to tell two pieces of one kind apart. The parser is lenient: it also reads check marks in any state,
``0-0``, over-specified from-squares and coordinate moves such as ``e2e4``/``e7e8Q``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from variants.boardtext import BoardTextError, rank_symbols
from variants.fairy.board import CASTLE, EN_PASSANT, Board
from variants.fairy.geometry import CODE_OF_SYMBOL, PAWN, Geometry, symbol_of

RIGHTS = (("K", 1), ("Q", 2), ("k", 4), ("q", 8))


class NotationError(ValueError):
    """A position string or move text that cannot be read."""


@dataclass
class ParsedPosition:
    squares: list[int]
    turn: int
    castling: int
    ep: int
    halfmove: int
    fullmove: int
    steps: int | None
    steps_given: bool


def parse_position(text: str, geo: Geometry) -> ParsedPosition:
    fields = text.split()
    if len(fields) not in (6, 7):
        raise NotationError(f"a position string has 6 or 7 fields, not {len(fields)}")
    rows = fields[0].split("/")
    if len(rows) != geo.ranks:
        raise NotationError(f"the board has {geo.ranks} ranks, the position string {len(rows)}")
    squares = [0] * geo.size
    for row_index, row in enumerate(rows):
        rank = geo.ranks - 1 - row_index
        cells = _parse_row(row, geo.files, rank + 1)
        for file, piece in enumerate(cells):
            squares[geo.square(file, rank)] = piece
    if fields[1] not in ("w", "b"):
        raise NotationError(f"side to move must be 'w' or 'b', not {fields[1]!r}")
    turn = 0 if fields[1] == "w" else 1
    castling = 0
    if fields[2] != "-":
        order = "".join(letter for letter, _ in RIGHTS)
        if not set(fields[2]) <= set(order) or len(set(fields[2])) != len(fields[2]):
            raise NotationError(f"castling rights must be a subset of KQkq or '-', not {fields[2]!r}")
        castling = sum(bit for letter, bit in RIGHTS if letter in fields[2])
    ep = -1
    if fields[3] != "-":
        try:
            ep = geo.parse_square(fields[3])
        except ValueError as exc:
            raise NotationError(f"en passant square: {exc}") from None
    try:
        halfmove, fullmove = int(fields[4]), int(fields[5])
    except ValueError:
        raise NotationError(f"move counters must be numbers, not {fields[4]!r} {fields[5]!r}") from None
    if halfmove < 0 or fullmove < 1:
        raise NotationError("the halfmove clock must be >= 0 and the fullmove number >= 1")
    steps: int | None = None
    given = len(fields) == 7
    if given and fields[6] != "-":
        if not fields[6].isdigit() or not 1 <= int(fields[6]) <= geo.files - 2:
            raise NotationError(f"castling step count must be a number such as 4, 3, 2 or '-', not {fields[6]!r}")
        steps = int(fields[6])
    return ParsedPosition(squares, turn, castling, ep, halfmove, fullmove, steps, given)


def _parse_row(row: str, files: int, rank: int) -> list[int]:
    cells: list[int] = []
    try:
        for symbol in rank_symbols(row, rank):
            if symbol is None:
                cells.append(0)
            elif symbol in CODE_OF_SYMBOL:
                cells.append(CODE_OF_SYMBOL[symbol])
            else:
                raise NotationError(f"rank {rank}: unknown piece symbol {symbol!r}")
    except BoardTextError as exc:
        raise NotationError(str(exc)) from None
    if len(cells) != files:
        raise NotationError(f"rank {rank} has {len(cells)} squares, the board {files}")
    return cells


def format_position(board: Board, steps: int | None, with_steps: bool = True) -> str:
    geo = board.rules.geo
    rows = []
    for rank in range(geo.ranks - 1, -1, -1):
        row = []
        empty = 0
        for file in range(geo.files):
            piece = board.board[geo.square(file, rank)]
            if piece:
                if empty:
                    row.append(str(empty))
                    empty = 0
                row.append(symbol_of(piece))
            else:
                empty += 1
        if empty:
            row.append(str(empty))
        rows.append("".join(row))
    rights = "".join(letter for letter, bit in RIGHTS if board.castling & bit) or "-"
    ep = board.legal_ep()
    fields = ["/".join(rows), "wb"[board.turn], rights, geo.names[ep] if ep >= 0 else "-", str(board.halfmove)]
    fields.append(str(board.fullmove))
    if with_steps:
        fields.append(str(steps) if steps else "-")
    return " ".join(fields)


# --- SAN ------------------------------------------------------------------------------------------------------


def piece_letter(piece: int) -> str:
    return symbol_of(piece & ~1)


def san(board: Board, move: int, legal: list[int], rivals: dict[tuple[int, int], list[int]] | None = None) -> str:
    """SAN of the legal ``move`` in ``board`` (``legal`` is the position's legal move list; ``rivals`` its
    :func:`rivals_index`, when the SAN of many of its moves is wanted)."""
    text = _san_body(board, move, legal, rivals)
    if board.gives_check(move):  # only a check needs the move made: is it mate?
        board.make(move)
        try:
            text += "+" if board.has_legal_move() else "#"
        finally:
            board.unmake()
    return text


def san_list(board: Board, legal: list[int]) -> list[str]:
    """SAN of every move of ``legal`` (the position's legal moves), in that order."""
    rivals = rivals_index(board, legal)
    return [san(board, m, legal, rivals) for m in legal]


def rivals_index(board: Board, legal: list[int]) -> dict[tuple[int, int], list[int]]:
    """(target square, moving piece) -> the squares its legal moves there start from: who needs disambiguating,
    found once per position instead of a scan of the whole list per move."""
    b = board.board
    index: dict[tuple[int, int], list[int]] = {}
    for m in legal:
        index.setdefault(((m >> 8) & 255, b[m & 255]), []).append(m & 255)
    return index


def _san_body(board: Board, move: int, legal: list[int], index: dict[tuple[int, int], list[int]] | None = None) -> str:
    geo = board.rules.geo
    f, t = move & 255, (move >> 8) & 255
    flag, promo = (move >> 16) & 15, move >> 20
    b = board.board
    piece = b[f]
    if flag == CASTLE:
        return "O-O" if t > f else "O-O-O"
    capture = bool(b[t]) or flag == EN_PASSANT
    if piece >> 1 == PAWN:
        text = (geo.names[f][0] + "x" if capture else "") + geo.names[t]
        if promo:
            text += "=" + piece_letter(promo)
        return text
    if index is None:
        rivals = [m & 255 for m in legal if (m >> 8) & 255 == t and m & 255 != f and b[m & 255] == piece]
    else:
        rivals = [s for s in index.get((t, piece), ()) if s != f]
    disambiguation = ""
    if rivals:
        same_file = any(geo.file_of(s) == geo.file_of(f) for s in rivals)
        same_rank = any(geo.rank_of(s) == geo.rank_of(f) for s in rivals)
        name = geo.names[f]
        if not same_file:
            disambiguation = name[0]
        elif not same_rank:
            disambiguation = name[1:]
        else:
            disambiguation = name
    return piece_letter(piece) + disambiguation + ("x" if capture else "") + geo.names[t]


_SAN = re.compile(
    r"^(?P<piece>\+?[A-Z])?(?P<file>[a-p])?(?P<rank>\d{1,2})?(?P<x>[x:-])?(?P<to>[a-p]\d{1,2})"
    r"(?:=?(?P<promo>\+?[A-Za-z]))?$"
)


def parse_san(board: Board, text: str, legal: list[int]) -> int:
    """The legal move meant by ``text``; NotationError (unreadable, illegal or ambiguous) otherwise."""
    clean = text.strip().rstrip("!?").rstrip("+#").rstrip("!?")
    if not clean:
        raise NotationError("empty move")
    castle = clean.replace("0", "O")
    if castle in ("O-O", "O-O-O"):
        want_king_side = castle == "O-O"
        for m in legal:
            if (m >> 16) & 15 == CASTLE and (((m >> 8) & 255) > (m & 255)) == want_king_side:
                return m
        raise NotationError(f"{text} is illegal here")
    found = _SAN.match(clean)
    if not found:
        raise NotationError(f"cannot read {text!r} as a move")
    geo = board.rules.geo
    b = board.board
    try:
        to = geo.parse_square(found["to"])
    except ValueError:
        raise NotationError(f"{text}: {found['to']} is not a square of this board") from None
    piece_symbol, file, rank, promo = found["piece"], found["file"], found["rank"], found["promo"]
    if piece_symbol and piece_symbol not in CODE_OF_SYMBOL:
        raise NotationError(f"{text}: unknown piece letter {piece_symbol!r}")
    promo_code = None
    if promo:
        promo_code = CODE_OF_SYMBOL.get(promo.upper() if not promo.startswith("+") else "+" + promo[1:].upper())
        if promo_code is None:
            raise NotationError(f"{text}: unknown promotion piece {promo!r}")
    full_from = file is not None and rank is not None
    candidates = []
    for m in legal:
        f = m & 255
        if (m >> 8) & 255 != to or (m >> 16) & 15 == CASTLE:
            continue
        piece = b[f]
        if piece_symbol:
            if piece & ~1 != CODE_OF_SYMBOL[piece_symbol]:
                continue
        elif not full_from and piece >> 1 != PAWN:
            continue
        name = geo.names[f]
        if file is not None and name[0] != file:
            continue
        if rank is not None and name[1:] != rank:
            continue
        mp = m >> 20
        if (mp & ~1 if mp else None) != promo_code:
            continue
        candidates.append(m)
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        if promo_code is None and any((m >> 8) & 255 == to and m >> 20 and b[m & 255] >> 1 == PAWN for m in legal):
            raise NotationError(f"{text}: say which piece the pawn becomes, e.g. {geo.names[to]}=Q")
        raise NotationError(f"{text} is illegal here")
    raise NotationError(f"{text} is ambiguous")


def position_from_pieces(
    files: int,
    ranks: int,
    pieces: dict[str, str],
    turn: str = "w",
    castling: str = "-",
    ep: str = "-",
    halfmove: int = 0,
    fullmove: int = 1,
    steps: str | None = "-",
) -> str:
    """A position string from ``{"e4": "N", "e8": "k", ...}`` (handy for setting up diagrams and tests)."""
    geo = Geometry(files, ranks)
    board = [""] * geo.size
    for name, symbol in pieces.items():
        board[geo.parse_square(name)] = symbol
    rows = []
    for rank in range(ranks - 1, -1, -1):
        row, empty = [], 0
        for file in range(files):
            symbol = board[geo.square(file, rank)]
            if symbol:
                row.append(f"{empty or ''}{symbol}")
                empty = 0
            else:
                empty += 1
        rows.append("".join(row) + (str(empty) if empty else ""))
    fields = ["/".join(rows), turn, castling, ep, str(halfmove), str(fullmove)]
    if steps is not None:
        fields.append(steps)
    return " ".join(fields)
