"""Twilight Chess (seed 003): standard chess plus warp and drop moves through a 65th, "twilight" square.

* A **warp** removes one of the mover's own pieces, never the king, from the board into the mover's reserve.
  Notation (seed): the square, ``0``, the piece letter: ``b80N``. The seed's sample games print the ``0`` as
  ``@`` (``h7@P``); that symmetric form is canonical here and both are accepted.
* A **drop** puts a piece of the mover's reserve on any empty square, a pawn never on the mover's last rank
  (a pawn may be dropped on the mover's first rank). Notation: ``P@e4``, ``Q@h7`` (``@e4`` is read as a pawn).
* Both are ordinary moves for the laws of chess: they may not leave the own king in check, a warp is never an
  answer to check, a drop may block one. A warped rook (or its square) loses its castling right for good; a
  pawn that went through the twilight square has moved and cannot double-step; warping or dropping a pawn
  resets the fifty-move counter, any other piece does not; repetition compares the reserves too.

The position string is FEN with the reserves in crazyhouse-style brackets after the board
(``...RNBQKBNR[Nq] w KQkq - 0 1``: White holds a knight, Black a queen) and a ``~`` after each pawn that stands
on its start rank but may not double-step (``P~``). docs/rules/twilight-chess.md has the readings.

PGN (with warps and drops) is read and written by :class:`variants.pychess_base.PyChessEngine` through
:mod:`variants.pgn_text`, which leaves each move word to this engine's parser. The board that carries these rules
for python-chess is :class:`variants.twilight_board.TwilightBoard`; this module holds the engine.
"""

from __future__ import annotations

import chess

from variants.base import ARMIES, BLACK, WHITE, IllegalMoveError
from variants.pieces import BY_SYMBOL
from variants.pychess_base import FIGURES, SEED_VALUES, PyChessEngine, army_of, perft_board
from variants.squares import MoveSquares
from variants.terminations import CHESS_LIKE, OFF_BOARD
from variants.twilight_board import (
    DROP_RE,
    DROPPABLE,
    LAST_RANK,
    STARTING_FEN,
    WARP_RE,
    TwilightBoard,
    is_warp,
    twilight_ended,
    warp_move,
)


class TwilightEngine(PyChessEngine):
    key = "twilight"
    name = "Twilight Chess"
    endings = CHESS_LIKE | OFF_BOARD
    pgn_variant = name
    board_class = TwilightBoard

    board: TwilightBoard

    has_reserve = True

    @classmethod
    def setup_text(cls, board: str, turn: str, reserve: str = "") -> str:
        # The reserves in brackets after the board, White's pieces in upper case ("[Nq]").
        return f"{board}[{reserve}] {'w' if turn == WHITE else 'b'} - - 0 1"

    @classmethod
    def reserve_of(cls, position: str, **options: object) -> dict[str, dict[str, int]]:
        engine = cls.from_position(position)
        return {army: {BY_SYMBOL[letter].name: n for letter, n in engine.reserve(army).items()} for army in ARMIES}

    def reserve(self, army: str) -> dict[str, int]:
        """The pieces ``army`` holds in the twilight zone, by upper-case letter (``{"N": 1}``)."""
        pocket = self.board.reserves[chess.WHITE if army == WHITE else chess.BLACK]
        return {chess.piece_symbol(pt).upper(): pocket.count(pt) for pt in DROPPABLE if pocket.count(pt)}

    def reserves(self) -> dict[str, dict[str, int]]:
        """Both twilight zones by figure key (an empty zone is an empty dict: the reserve exists, holding nothing)."""
        found = {}
        for army, color in ((WHITE, chess.WHITE), (BLACK, chess.BLACK)):
            pocket = self.board.reserves[color]
            found[army] = {FIGURES[pt]: pocket.count(pt) for pt in DROPPABLE if pocket.count(pt)}
        return found

    def squares_of(self, move: chess.Move, san: str) -> MoveSquares:
        """A warp leaves its square for the reserve; a drop arrives on its square from the reserve."""
        if is_warp(move):
            piece_type = self.board.piece_type_at(move.from_square)
            piece = FIGURES[piece_type] if piece_type else None
            return MoveSquares(san, "warp", origin=chess.square_name(move.from_square), piece=piece)
        if move.drop:
            return MoveSquares(san, "drop", target=chess.square_name(move.to_square), piece=FIGURES[move.drop])
        return super().squares_of(move, san)

    def parse(self, move: str) -> chess.Move:
        text = move.strip()
        warp = WARP_RE.match(text)
        if warp:
            return self._parse_warp(warp.group(1), warp.group(2))
        drop = DROP_RE.match(text)
        if drop:
            return self._parse_drop(drop.group(1) or "P", drop.group(2))
        return super().parse(text)

    def _parse_warp(self, square_name: str, letter: str) -> chess.Move:
        board = self.board
        square = chess.parse_square(square_name)
        piece = board.piece_at(square)
        if piece is None:
            raise IllegalMoveError(f"no piece on {square_name} to warp")
        if piece.color != board.turn:
            raise IllegalMoveError(f"the piece on {square_name} is not {self.turn}'s")
        if piece.piece_type != chess.PIECE_SYMBOLS.index(letter.lower()):
            raise IllegalMoveError(f"the piece on {square_name} is a {chess.piece_name(piece.piece_type)}, not {letter.upper()}")
        if piece.piece_type == chess.KING:
            raise IllegalMoveError("the king cannot be warped")
        move = warp_move(square)
        if not board.is_legal(move):
            if board.is_check():
                raise IllegalMoveError("a warp cannot answer a check")
            raise IllegalMoveError(f"warping the {chess.piece_name(piece.piece_type)} on {square_name} would expose the king")
        return move

    def _parse_drop(self, letter: str, square_name: str) -> chess.Move:
        board = self.board
        piece_type = chess.PIECE_SYMBOLS.index(letter.lower())
        square = chess.parse_square(square_name)
        if piece_type == chess.KING:
            raise IllegalMoveError("a king is never in reserve")
        if not board.reserves[board.turn].count(piece_type):
            raise IllegalMoveError(f"{self.turn} has no {chess.piece_name(piece_type)} in reserve")
        if board.piece_at(square) is not None:
            raise IllegalMoveError(f"{square_name} is not empty")
        if piece_type == chess.PAWN and chess.BB_SQUARES[square] & LAST_RANK[board.turn]:
            raise IllegalMoveError("a pawn cannot be dropped on its last rank")
        move = chess.Move(square, square, drop=piece_type)
        if not board.is_legal(move):
            raise IllegalMoveError("the drop leaves the king in check")
        return move

    def material(self) -> dict[str, float]:
        # A piece in the twilight zone is still the army's: it counts as material.
        totals = super().material()
        for color in chess.COLORS:
            pocket = self.board.reserves[color]
            totals[army_of(color)] += sum(SEED_VALUES[pt] * pocket.count(pt) for pt in DROPPABLE)
        return totals

    def perft(self, depth: int) -> int:
        if depth == 0:
            return 1
        if self.outcome() is not None:
            return 0
        return perft_board(self.board, depth, twilight_ended)


__all__ = [
    "STARTING_FEN",
    "TwilightBoard",
    "TwilightEngine",
    "is_warp",
    "warp_move",
]
