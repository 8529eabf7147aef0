"""Parity Chess and Parity Chess with Single Occupation (seed 001): simultaneous sealed moves.

The rules as resolved here are written case by case in docs/rules/parity-chess.md; the geometry and the turn
resolution live in :mod:`variants.parity_rules`, this module holds the engines and the notation.

Game files (``from_pgn``): one turn per line, ``N white_move black_move ; comment``, ``#`` comment lines, PGN tag
lines and a final result line. Moves may be spelled as in the seed's sample game (``exN``, ``Bxf``, ``f3xB``).
"""

from __future__ import annotations

import re
from typing import ClassVar

from variants.base import (
    ARMIES,
    BLACK,
    CHECKMATE,
    FIFTY_MOVES,
    INSUFFICIENT,
    KING_CAPTURE,
    SIMULTANEOUS_MATE,
    SIMULTANEOUS_STALEMATE,
    STALEMATE,
    THREEFOLD,
    WHITE,
    Engine,
    IllegalMoveError,
    InvalidPositionError,
    Outcome,
    other,
)
from variants.parity_rules import (
    FILES,
    Move,
    ParityState,
    check_state,
    legal_moves,
    name,
    parse_square,
    resolve,
    safe_moves,
)

VALUES = {"P": 10, "N": 30, "B": 32, "R": 50, "Q": 90, "K": 0}  # seed 002's values, as for every variant
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
                if letter.upper() not in VALUES or file > 7:
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


# --- engines ----------------------------------------------------------------------------------------------------
class ParityEngine(Engine):
    key = "parity"
    name = "Parity Chess"
    simultaneous = True
    single: ClassVar[bool] = False

    def __init__(self, state: ParityState, tags: dict[str, str] | None = None, halfmoves: int = 0, turn: int = 1):
        self.state = state
        self.tags = dict(tags or {})
        self.turns: list[str] = []
        self.halfmoves = halfmoves
        self.turn_number = turn
        self.history: list[tuple] = [state.key()]
        self.log: list[str] = []  # what happened each turn: captures, failed captures, shared squares
        self.pending: str | None = None  # a recorded White move whose turn the record does not finish
        self._outcome = self._evaluate()

    # --- construction -------------------------------------------------------------------------------------
    @classmethod
    def new(cls, **options: object) -> ParityEngine:
        return cls(ParityState.initial())

    @classmethod
    def from_position(cls, position: str, **options: object) -> ParityEngine:
        state, halfmoves, turn, shared = parse_position(position)
        for army in ARMIES:
            kings = [sq for sq, p in state.pieces[army].items() if p == "K"]
            if len(kings) != 1:
                raise InvalidPositionError(f"{army} needs exactly one king")
        if cls.single and len(shared) > 1:
            raise InvalidPositionError("Single Occupation allows one shared square at most")
        if cls.single and shared:
            state.vacate = next(iter(shared))
        return cls(state, halfmoves=halfmoves, turn=turn)

    @classmethod
    def from_pgn(cls, text: str) -> ParityEngine:
        tags: dict[str, str] = {}
        lines = []
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
                lines.append(line)
        engine = cls.from_position(tags["FEN"]) if "FEN" in tags else cls.new()
        engine.tags = tags
        for line in lines:
            words = line.split()
            number = words[0].rstrip(".")
            if not number.isdigit():
                raise IllegalMoveError(f"cannot read turn line {line!r}: it must start with the turn number")
            moves = words[1:]
            if len(moves) == 1 and line is lines[-1]:
                # The seed's last line holds White's move only: check it is legal, leave the turn unresolved.
                engine._announce(number, moves[0])
                continue
            if len(moves) != 2:
                raise IllegalMoveError(f"move {number}: a turn needs a white and a black move, got {line!r}")
            try:
                engine.play_turn(moves[0], moves[1])
            except IllegalMoveError as exc:
                raise IllegalMoveError(f"move {number}: {exc}") from None
        return engine

    def _announce(self, number: str, token: str) -> None:
        if self._outcome is not None:
            return
        try:
            read_move(token, self._legal(WHITE))
        except IllegalMoveError as exc:
            why = self._why_illegal(WHITE, token) or exc
            raise IllegalMoveError(f"move {number}: white {token}: {why}") from None
        self.pending = token

    # --- state ----------------------------------------------------------------------------------------------
    @property
    def turn(self) -> str:
        return WHITE

    def position(self) -> str:
        return position_string(self.state, self.halfmoves, self.turn_number)

    def moves(self) -> list[str]:
        return list(self.turns)

    def _legal(self, army: str) -> list[Move]:
        return legal_moves(self.state, army, single=self.single)

    def legal_moves(self, army: str | None = None) -> list[str]:
        if self._outcome is not None:
            return []
        legal = self._legal(army or WHITE)
        return [san(m, legal) for m in legal]

    def play(self, move: str) -> str:
        raise IllegalMoveError(f"{self.name} moves are simultaneous: play both with play_turn(white, black)")

    def play_turn(self, white_move: str, black_move: str) -> str:
        if self._outcome is not None:
            raise IllegalMoveError("the game is over")
        chosen = {}
        for army, token in ((WHITE, white_move), (BLACK, black_move)):
            legal = self._legal(army)
            try:
                chosen[army] = (read_move(token, legal), legal)
            except IllegalMoveError as exc:
                raise IllegalMoveError(f"{army} {token}: {self._why_illegal(army, token) or exc}") from None
        notation = " ".join(san(move, legal) for move, legal in chosen.values())
        result = resolve(self.state, chosen[WHITE][0], chosen[BLACK][0], single=self.single)
        self.state = result.state
        self.halfmoves = 0 if result.irreversible else self.halfmoves + 1
        self.turn_number += 1
        self.turns.append(notation)
        self.history.append(self.state.key())
        self.log.append(_describe(result))
        self._outcome = self._evaluate()
        return notation

    def _why_illegal(self, army: str, token: str) -> str | None:
        """A rule-specific reason when ``token`` would be legal but for rule 2 or an immediate check."""
        if check_state(self.state, army) == "immediate" and not token.startswith("K"):
            return "the king is in immediate check and must move"
        unfrozen = self.state.copy()
        unfrozen.frozen = {WHITE: frozenset(), BLACK: frozenset()}
        unfrozen.vacate = None
        try:
            move = read_move(token, legal_moves(unfrozen, army))
        except IllegalMoveError:
            return None
        if self.single and self.state.vacate in self.state.pieces[army] and move.origin != self.state.vacate:
            return f"the piece on {name(self.state.vacate)} shares its square and must leave it this turn"
        if move.origin in self.state.frozen[army]:
            return f"the piece on {name(move.origin)} moved last turn and must stay this turn (rule 2)"
        return None

    def check(self, army: str) -> str | None:
        """``"immediate"``, ``"delayed"`` or ``None``: the state of ``army``'s king now."""
        return check_state(self.state, army)

    def outcome(self) -> Outcome | None:
        return self._outcome

    def _evaluate(self) -> Outcome | None:
        lost: dict[str, str] = {}
        for army in ARMIES:
            king = self.state.king(army)
            checked = check_state(self.state, army) == "immediate"
            if king is None:
                lost[army] = KING_CAPTURE
            elif checked and king in self.state.frozen[army] and self.state.vacate != king:
                lost[army] = KING_CAPTURE  # it just moved into a line the opponent opened: it will be taken
            elif not safe_moves(self.state, army, single=self.single):
                lost[army] = CHECKMATE if checked else STALEMATE
        if len(lost) == 2:
            both_stalemated = set(lost.values()) == {STALEMATE}
            return Outcome(SIMULTANEOUS_STALEMATE if both_stalemated else SIMULTANEOUS_MATE, None)
        if lost:
            loser, termination = next(iter(lost.items()))
            return Outcome(termination, other(loser), forcing_side=other(loser))
        if all(set(self.state.pieces[army].values()) == {"K"} for army in ARMIES):
            return Outcome(INSUFFICIENT, None)
        if self.history.count(self.state.key()) >= 3:
            return Outcome(THREEFOLD, None)
        if self.halfmoves >= 50:
            return Outcome(FIFTY_MOVES, None)
        return None

    def material(self) -> dict[str, float]:
        return {army: float(sum(VALUES[p] for p in self.state.pieces[army].values())) for army in ARMIES}

    def to_pgn(self, tags: dict[str, str] | None = None) -> str:
        headers = {**self.tags, "Variant": self.name, **(tags or {})}
        outcome = self.outcome()
        if outcome is not None:
            headers["Result"] = outcome.result
            headers["Termination"] = outcome.termination
        headers.setdefault("Result", "*")
        lines = [f'[{key} "{value}"]' for key, value in headers.items()]
        lines.append("")
        first = self.turn_number - len(self.turns)
        lines += [f"{first + index} {turn}" for index, turn in enumerate(self.turns)]
        lines.append(headers["Result"])
        return "\n".join(lines) + "\n"

    def perft(self, depth: int) -> int:
        """Leaf positions after ``depth`` turns (every pair of legal moves is one child)."""
        if depth == 0:
            return 1
        if self._outcome is not None:
            return 0
        white, black = self._legal(WHITE), self._legal(BLACK)
        if depth == 1:
            return len(white) * len(black)
        total = 0
        for w in white:
            for b in black:
                child = type(self)(resolve(self.state, w, b, single=self.single).state)
                total += child.perft(depth - 1)
        return total


class ParitySingleEngine(ParityEngine):
    """Parity Chess with Single Occupation: pieces that meet on a square must both leave it next turn."""

    key = "parity-single"
    name = "Parity Chess with Single Occupation"
    single = True


def _describe(result) -> str:
    notes = []
    for army in ARMIES:
        for sq, piece in result.captured[army]:
            notes.append(f"{army} {piece} on {name(sq)} captured")
    notes += [f"failed capture by {army}" for army in result.failed]
    if result.shared is not None:
        notes.append(f"shared square {name(result.shared)}")
    return "; ".join(notes)


__all__ = ["BLACK", "WHITE", "ParityEngine", "ParitySingleEngine", "read_move", "san"]
