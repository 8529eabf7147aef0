"""Switch-Side Chain-Chess (seed 004): chess where a move that forms a chain lets its mover switch armies.

Notation (docs/rules/switch-side-chain-chess.md): a move that claims the switch is its SAN followed by ``/S``
(``c3/S``, ``Qxf1#/S`` is refused: the game is over). :meth:`SwitchSideEngine.legal_moves` lists both ``c3`` and
``c3/S`` when c3 forms a chain.

Seats and armies: ``controller(army)`` is the seat ("white" = the person who started with White) now playing
``army``. A switch hands the mover the other army; since armies alternate, the mover then moves again, with the
other army. ``turn`` is always the army to move; ``outcome().winner`` is an army and the replay maps it to a seat.
"""

from __future__ import annotations

from dataclasses import replace

import chess

from variants.base import BLACK, WHITE, IllegalMoveError, Outcome, other
from variants.chains import adjacent, forms_chain, is_chain
from variants.pychess_base import PyChessEngine, castling_rook
from variants.squares import MoveSquares
from variants.terminations import CHESS_LIKE, OFF_BOARD

SWITCH = "/S"
CHAIN_SEARCH_BUDGET = 50_000  # steps of the smallest-chain search before it settles for no drawing


def moved_squares(board: chess.Board, move: chess.Move) -> list[int]:
    """Where the piece(s) just moved stand; castling moves king and rook, either may be in the chain."""
    if board.is_castling(move):
        return [move.to_square, castling_rook(move)[1]]
    return [move.to_square]


def split_switch(move: str) -> tuple[str, bool]:
    """``"c3/S"`` -> ``("c3", True)``; ``"c3"`` -> ``("c3", False)``."""
    text = move.strip()
    if text.upper().endswith(SWITCH):
        return text[: -len(SWITCH)], True
    return text, False


class SwitchSideEngine(PyChessEngine):
    key = "sscc"
    name = "Switch-Side Chain-Chess"
    can_switch = True
    endings = CHESS_LIKE | OFF_BOARD
    pgn_variant = name

    def __init__(self, board: chess.Board, tags: dict[str, str] | None = None) -> None:
        super().__init__(board, tags)
        self.white_seat = WHITE  # the seat controlling the white army
        self.switches: list[bool] = []  # one flag per ply played in this engine

    # --- construction -------------------------------------------------------------------------------------
    @classmethod
    def from_position(cls, position: str, **options: object) -> SwitchSideEngine:
        """A game from a FEN; ``white_seat="black"`` when the seats have switched an odd number of times."""
        engine = super().from_position(position)
        assert isinstance(engine, SwitchSideEngine)
        white_seat = options.get("white_seat", WHITE)
        if white_seat not in (WHITE, BLACK):
            raise IllegalMoveError(f"white_seat must be white or black, not {white_seat!r}")
        engine.white_seat = str(white_seat)
        return engine

    # --- seats ----------------------------------------------------------------------------------------------
    def controller(self, army: str) -> str:
        return self.white_seat if army == WHITE else other(self.white_seat)

    # --- moves ----------------------------------------------------------------------------------------------
    def forms_chain(self, move: chess.Move) -> bool:
        """Whether ``move`` (legal here) leaves the piece it moved in a chain."""
        squares = moved_squares(self.board, move)
        self.board.push(move)
        try:
            occupied = int(self.board.occupied)
            return any(forms_chain(occupied, sq) for sq in squares)
        finally:
            self.board.pop()

    def _ends_game(self, move: chess.Move) -> bool:
        self.board.push(move)
        try:
            return self.outcome() is not None
        finally:
            self.board.pop()

    def legal_moves(self, army: str | None = None) -> list[str]:
        if army is not None and army != self.turn:
            return []
        if self.outcome() is not None:
            return []
        listed = []
        for move in self.board.legal_moves:
            san = self.board.san(move)
            listed.append(san)
            if self.forms_chain(move) and not self._ends_game(move):
                listed.append(san + SWITCH)
        return listed

    def move_squares(self, army: str | None = None) -> list[MoveSquares]:
        """Each legal move as squares, followed by its switch (``c3/S``, with the chain it forms to draw) where
        the move may switch sides."""
        if (army is not None and army != self.turn) or self.outcome() is not None:
            return []
        board, found = self.board, []
        for move in board.legal_moves:
            entry = self.squares_of(move, board.san(move))
            found.append(entry)
            if self.forms_chain(move) and not self._ends_game(move):
                found.append(replace(entry, san=entry.san + SWITCH, switch=True, chain=self.chain_drawn(move, entry)))
        return found

    def chain_drawn(self, move: chess.Move, entry: MoveSquares) -> tuple[str, ...]:
        """The smallest chain through the moved piece (or the castling rook) after ``move``, as the squares of
        its loop in drawing order; () when none is found within the search budget."""
        self.board.push(move)
        try:
            occupied = int(self.board.occupied)
        finally:
            self.board.pop()
        for name in (entry.target, *entry.also):
            loop = smallest_chain(occupied, chess.parse_square(name)) if name else None
            if loop:
                return tuple(chess.square_name(square) for square in loop)
        return ()

    def play(self, move: str) -> str:
        if self.outcome() is not None:
            raise IllegalMoveError("the game is over")
        text, switch = split_switch(move)
        parsed = self.parse(text)
        san = self.board.san(parsed)
        if switch:
            if not self.forms_chain(parsed):
                raise IllegalMoveError(f"no chain: {san} does not put the moved piece in a chain")
            if self._ends_game(parsed):
                raise IllegalMoveError(f"no switch: {san} ends the game")
        self.board.push(parsed)
        self.switches.append(switch)
        if switch:
            self.white_seat = other(self.white_seat)
            return san + SWITCH
        return san

    def moves(self) -> list[str]:
        sans = super().moves()
        return [san + (SWITCH if flag else "") for san, flag in zip(sans, self.switches)]

    # --- output ---------------------------------------------------------------------------------------------
    def pgn_result(self, outcome: Outcome) -> str:
        """White/Black tags name the people by their starting army and the Result is theirs: a win by the army
        the White-starter controls at the end is ``1-0``."""
        seat = self.controller(outcome.winner) if outcome.winner else None
        return {WHITE: "1-0", BLACK: "0-1"}.get(seat or "", "1/2-1/2")


def smallest_chain(occupied: int, start: int) -> tuple[int, ...] | None:
    """The smallest chain (:mod:`variants.chains`) of the pieces on ``occupied`` through ``start``, as its loop of
    squares (6 pieces is the smallest chain); None when there is none or the search budget runs out first."""
    neighbours = {sq: [n for n in range(64) if occupied >> n & 1 and adjacent(sq, n)] for sq in range(64) if occupied >> sq & 1}
    budget = [CHAIN_SEARCH_BUDGET]

    def extend(path: list[int], length: int) -> tuple[int, ...] | None:
        budget[0] -= 1
        if budget[0] < 0:
            raise TimeoutError
        if len(path) == length:
            return tuple(path) if adjacent(path[-1], start) and is_chain(occupied, path) else None
        for nxt in neighbours[path[-1]]:
            if nxt not in path:
                found = extend([*path, nxt], length)
                if found:
                    return found
        return None

    if start not in neighbours:
        return None
    try:
        for length in range(6, len(neighbours) + 1):
            found = extend([start], length)
            if found:
                return found
    except TimeoutError:
        return None
    return None
