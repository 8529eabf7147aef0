"""Parity Chess notation (seed 001): moves, the position string and the one-turn-per-line game files.

Moves are plain SAN among one army's legal moves (``x`` marks every capture attempt, which may fail); the seed's
sample game also spells captures by the captured piece or file (``exN``, ``Bxf``, ``f3xB``), and
:func:`read_move` reads those too. A position string shows a shared square as ``(Pp)``, white piece first.
"""

from __future__ import annotations

import re

from variants.base import ARMIES, BLACK, WHITE, IllegalMoveError, InvalidPositionError
from variants.parity_rules import FILES, Move, ParityState, name, parse_square

PIECE_LETTERS = frozenset("PNBRQK")
_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$')
_RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
_TOKEN = re.compile(
    r"^(?P<piece>[KQRBN])?(?P<file>[a-h])?(?P<rank>[1-8])?(?P<x>x)?"
    r"(?P<target>[a-h][1-8]|[KQRBNP]|[a-h])(?:=?(?P<promo>[QRBN]))?$"
)


# --- notation ---------------------------------------------------------------------------------------------------
def san(move: Move, legal: list[Move]) -> str:
    """Plain SAN of ``move`` among its army's legal moves (``x`` marks every capture attempt)."""
    if move.castle:
        return "O-O" if move.castle == "K" else "O-O-O"
    target = name(move.target)
    promo = f"={move.promotion}" if move.promotion else ""
    if move.piece == "P":
        if move.capture:
            return f"{FILES[move.origin & 7]}x{target}{promo}"
        return f"{target}{promo}"
    rivals = [m for m in legal if m.piece == move.piece and m.target == move.target and m.origin != move.origin]
    hint = ""
    if rivals:
        if all(m.origin & 7 != move.origin & 7 for m in rivals):
            hint = FILES[move.origin & 7]
        elif all(m.origin >> 3 != move.origin >> 3 for m in rivals):
            hint = str((move.origin >> 3) + 1)
        else:
            hint = name(move.origin)
    return f"{move.piece}{hint}{'x' if move.capture else ''}{target}{promo}"


def read_move(token: str, legal: list[Move]) -> Move:
    """The legal move meant by ``token`` (SAN, or the seed's short forms ``exN``, ``Bxf``, ``f3xB``)."""
    text = token.strip().rstrip("+#!?")
    if text in ("O-O", "0-0", "O-O-O", "0-0-0"):
        side = "K" if text.count("-") == 1 else "Q"
        found = [m for m in legal if m.castle == side]
        if not found:
            raise IllegalMoveError(f"{token}: castling is not legal here")
        return found[0]
    exact = [m for m in legal if san(m, legal) == text]
    if len(exact) == 1:
        return exact[0]
    match = _TOKEN.match(text)
    if not match:
        raise IllegalMoveError(f"cannot read {token!r} as a move")
    piece = match["piece"] or "P"
    target = match["target"]
    candidates = []
    for m in legal:
        if m.castle or m.piece != piece:
            continue
        if match["file"] and FILES[m.origin & 7] != match["file"]:
            continue
        if match["rank"] and str((m.origin >> 3) + 1) != match["rank"]:
            continue
        if match["x"] and not m.capture:
            continue
        if match["promo"] and m.promotion != match["promo"]:
            continue
        if not match["promo"] and m.promotion not in (None, "Q"):
            continue
        if len(target) == 2:
            if m.target != parse_square(target):
                continue
        elif target.isupper():  # the captured piece's type
            if not m.capture or m.victim != target:
                continue
        elif not m.capture or FILES[m.target & 7] != target:  # a capture on that file
            continue
        candidates.append(m)
    if not candidates:
        raise IllegalMoveError(f"{token} is illegal here")
    if len(candidates) > 1:
        options = ", ".join(sorted(san(m, legal) for m in candidates))
        raise IllegalMoveError(f"{token} is ambiguous ({options})")
    return candidates[0]


# --- position string --------------------------------------------------------------------------------------------
def position_string(state: ParityState, halfmoves: int, turn_number: int) -> str:
    """FEN-like: board (a shared square is ``(Pp)``, white piece first), castling, en passant squares, frozen
    squares ``white/black``, turns without capture or pawn move, turn number."""
    ranks = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for file in range(8):
            sq = rank * 8 + file
            white, black = state.pieces[WHITE].get(sq), state.pieces[BLACK].get(sq)
            if not white and not black:
                empty += 1
                continue
            if empty:
                row, empty = row + str(empty), 0
            if white and black:
                row += f"({white}{black.lower()})"
            else:
                row += white or black.lower()
        ranks.append(row + (str(empty) if empty else ""))
    castling = "".join(sorted(state.castling[WHITE], reverse=True)) + "".join(
        sorted(side.lower() for side in state.castling[BLACK])
    )
    castling = "".join(c for c in "KQkq" if c in castling) or "-"
    passant = ",".join(name(sq) for sq in sorted(state.en_passant)) or "-"
    frozen = "/".join(",".join(name(sq) for sq in sorted(state.frozen[army])) or "-" for army in ARMIES)
    return f"{'/'.join(ranks)} {castling} {passant} {frozen} {halfmoves} {turn_number}"


def parse_position(text: str) -> tuple[ParityState, int, int, set[int]]:
    fields = text.split()
    if len(fields) != 6:
        raise InvalidPositionError("a Parity position has 6 fields: board castling en-passant frozen halfmoves turn")
    board, castling, passant, frozen, halfmoves, turn = fields
    pieces: dict[str, dict[int, str]] = {WHITE: {}, BLACK: {}}
    rows = board.split("/")
    if len(rows) != 8:
        raise InvalidPositionError("the board needs 8 ranks")
    for index, row in enumerate(rows):
        rank, file = 7 - index, 0
        for token in re.findall(r"\(\w\w\)|\d|\w", row):
            if token.isdigit():
                file += int(token)
                continue
            for letter in token.strip("()"):
                if letter.upper() not in PIECE_LETTERS or file > 7:
                    raise InvalidPositionError(f"bad rank {row!r}")
                army = WHITE if letter.isupper() else BLACK
                pieces[army][rank * 8 + file] = letter.upper()
            file += 1
        if file != 8:
            raise InvalidPositionError(f"rank {row!r} does not have 8 squares")
    try:
        state = ParityState(pieces)
        state.castling = {
            WHITE: frozenset(c for c in "KQ" if c in castling),
            BLACK: frozenset(c.upper() for c in "kq" if c in castling),
        }
        state.en_passant = frozenset() if passant == "-" else frozenset(parse_square(s) for s in passant.split(","))
        parts = frozen.split("/")
        state.frozen = {
            army: frozenset() if part == "-" else frozenset(parse_square(s) for s in part.split(","))
            for army, part in zip(ARMIES, parts, strict=True)
        }
        shared = set(pieces[WHITE]) & set(pieces[BLACK])
        return state, int(halfmoves), int(turn), shared
    except (ValueError, IndexError):
        raise InvalidPositionError(f"bad position string {text!r}") from None


# --- game files -------------------------------------------------------------------------------------------------
def read_game_file(text: str) -> tuple[dict[str, str], list[str]]:
    """The tags and the turn lines of a game file: ``;`` comments, ``#`` comment lines and blank lines dropped, a
    result line kept as the ``Result`` tag unless one was given."""
    tags: dict[str, str] = {}
    turn_lines = []
    for raw in text.splitlines():
        line = raw.split(";", 1)[0].strip()
        if not line or line.startswith("#"):
            continue
        tag = _TAG.match(line)
        if tag:
            tags[tag[1]] = tag[2]
        elif line in _RESULTS:
            tags.setdefault("Result", line)
        else:
            turn_lines.append(line)
    return tags, turn_lines


__all__ = ["PIECE_LETTERS", "parse_position", "position_string", "read_game_file", "read_move", "san"]
