"""Parity Chess and Parity Chess with Single Occupation (seed 001): simultaneous sealed moves.

The rules as resolved here are written case by case in docs/rules/parity-chess.md; the geometry and the turn
resolution live in :mod:`variants.parity_rules`, the notation and position string in :mod:`variants.parity_notation`;
this module holds the engines.

Game files (``from_pgn``): one turn per line, ``N white_move black_move ; comment``, ``#`` comment lines, PGN tag
lines and a final result line. Moves may be spelled as in the seed's sample game (``exN``, ``Bxf``, ``f3xB``).
"""

from __future__ import annotations

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
from variants.boardtext import BoardTextError, read_board
from variants.parity_notation import parse_position, position_string, read_game_file, read_move, san
from variants.parity_rules import Move, ParityState, check_state, legal_moves, name, resolve, safe_moves
from variants.pieces import BY_SYMBOL
from variants.squares import MoveSquares, Squares, castling_also
from variants.terminations import CHESS_LIKE, OFF_BOARD, SIMULTANEOUS_ENDINGS, decisive, replacing

VALUES = {letter: BY_SYMBOL[letter].value for letter in "PNBRQK"}  # seed 002's values, as for every variant
FIGURES = {letter: BY_SYMBOL[letter].name for letter in "PNBRQK"}  # the piece set's names of the letters
# Rule 6: "Stalemate is treated at par with checkmate": the stalemating army wins, in every scoring profile.
STALEMATE_WINS = decisive(STALEMATE, "stalemate")


# --- engines ----------------------------------------------------------------------------------------------------
class ParityEngine(Engine):
    key = "parity"
    name = "Parity Chess"
    simultaneous = True
    endings = replacing(CHESS_LIKE, STALEMATE_WINS) | OFF_BOARD | SIMULTANEOUS_ENDINGS
    pgn_variant = name
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
    def setup_text(cls, board: str, turn: str, reserve: str = "") -> str:
        # Both armies move at once: no side to move; no castling, en passant or frozen square.
        return f"{board} - - -/- 0 1"

    @classmethod
    def squares(cls, position: str) -> Squares:
        """The board of ``position``, where a square both armies share (``(Pp)``) holds both pieces."""
        try:
            return read_board(position, cls.files, cls.ranks, shared=True)
        except BoardTextError as exc:
            raise InvalidPositionError(str(exc)) from None

    @classmethod
    def from_pgn(cls, text: str) -> ParityEngine:
        tags, lines = read_game_file(text)
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

    def move_squares(self, army: str | None = None) -> list[MoveSquares]:
        """The sealed moves ``army`` may choose, as squares (ask for each army: both move at once). ``capture``
        is a capture attempt: it fails if the victim leaves its square in the same turn."""
        if self._outcome is not None:
            return []
        legal = self._legal(army or WHITE)
        return [_move_squares(move, san(move, legal)) for move in legal]

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
        variant = {"Variant": self.pgn_variant} if self.pgn_variant else {}
        headers = {**self.tags, **variant, **(tags or {})}
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
    pgn_variant = name
    single = True


def _move_squares(move: Move, text: str) -> MoveSquares:
    also: tuple[str, ...] = ()
    if move.castle:
        rook_from, rook_to = move.rook_squares()
        also = castling_also((name(move.origin), name(move.target)), (name(rook_from), name(rook_to)))
    return MoveSquares(
        text,
        "move",
        name(move.origin),
        name(move.target),
        FIGURES[move.piece],
        FIGURES[move.promotion] if move.promotion else None,
        move.capture,
        also,
    )


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
