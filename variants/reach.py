"""Reach Chess (seed 000): standard chess, but the first army to put any of its pieces on the far rank wins.

* Far-rank win: a move that lands a piece (king and pawn included) on the mover's far rank (rank 8 for White,
  rank 1 for Black) ends the game at once; the piece may stand attacked. A pawn that gets there wins before it
  would promote, so the move is written without a promotion piece (the seed's ``c8`` and ``e1``; ``c8=Q`` is
  accepted as the same move) and the pawn stays on the far rank.
* No move may leave the own king in check, a winning one included; kings are never captured.
* There is no checkmate or stalemate: a player without a legal move passes (``--``, python-chess's null move),
  and if neither player has one the game is a draw (double stalemate). The seed allows no other draw on the
  board (no fifty-move rule, repetition or insufficient material).

The position string is plain FEN. docs/rules/reach-chess.md quotes the seed for each reading.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from typing import ClassVar

import chess

from variants.base import DOUBLE_STALEMATE, FAR_RANK, IllegalMoveError, Outcome
from variants.pychess_base import PyChessEngine, army_of, perft_board
from variants.terminations import (
    FIFTY_MOVES_ENDING,
    OFF_BOARD,
    THREEFOLD_ENDING,
    TIME_FORFEIT_LONE_KING_ENDING,
    Ending,
    Favours,
    decisive,
    undecided,
)

FAR = {chess.WHITE: chess.BB_RANK_8, chess.BLACK: chess.BB_RANK_1}
SEVENTH = {chess.WHITE: chess.BB_RANK_7, chess.BLACK: chess.BB_RANK_2}  # pawns here can step onto the far rank
NULL_MOVE = "--"  # how a pass is written (python-chess's null move)
PROMOTION_RE = re.compile(r"^(.*[a-h][18])=?[QRBNqrbn]([+#]?)$")
# Reach's only way to win plays the role of checkmate: "A player wins by reaching the far rank".
FAR_RANK_ENDING = decisive(FAR_RANK, "far rank")
# "Double stalemate is a draw": neither side can move, nothing remains to be gained.
DOUBLE_STALEMATE_ENDING = undecided(DOUBLE_STALEMATE, "double stalemate", Favours.MATERIAL)


class ReachBoard(chess.Board):
    """python-chess's board with the far-rank win, passes, no promotion and no king capture."""

    aliases: ClassVar[list[str]] = ["Reach Chess", "Reach"]
    uci_variant: ClassVar[str] = "reach"
    xboard_variant: ClassVar[str] = "reach"

    # --- the far-rank win -------------------------------------------------------------------------------------
    def far_rank_winner(self) -> chess.Color | None:
        """The colour with a piece on its far rank (the side that just moved is asked first)."""
        for color in (not self.turn, self.turn):
            if self.occupied_co[color] & FAR[color]:
                return color
        return None

    def is_variant_end(self) -> bool:
        return bool(self.occupied_co[chess.WHITE] & chess.BB_RANK_8 or self.occupied_co[chess.BLACK] & chess.BB_RANK_1)

    def is_variant_win(self) -> bool:
        return self.is_variant_end() and self.far_rank_winner() == self.turn

    def is_variant_loss(self) -> bool:
        return self.is_variant_end() and self.far_rank_winner() == (not self.turn)

    # --- move generation ----------------------------------------------------------------------------------
    def generate_pseudo_legal_moves(
        self, from_mask: chess.Bitboard = chess.BB_ALL, to_mask: chess.Bitboard = chess.BB_ALL
    ) -> Iterator[chess.Move]:
        # Kings are never captured (possible only after a player in check has passed).
        to_mask &= ~(self.kings & self.occupied_co[not self.turn])
        if not (self.pawns & self.occupied_co[self.turn] & SEVENTH[self.turn] & from_mask):
            yield from super().generate_pseudo_legal_moves(from_mask, to_mask)
            return
        # The pawn's arrival wins before any promotion: one move per pawn step onto the far rank.
        for move in super().generate_pseudo_legal_moves(from_mask, to_mask):
            if move.promotion is None:
                yield move
            elif move.promotion == chess.QUEEN:
                yield chess.Move(move.from_square, move.to_square)

    def generate_legal_moves(
        self, from_mask: chess.Bitboard = chess.BB_ALL, to_mask: chess.Bitboard = chess.BB_ALL
    ) -> Iterator[chess.Move]:
        found = False
        for move in super().generate_legal_moves(from_mask, to_mask):
            found = True
            yield move
        if not found and from_mask == chess.BB_ALL and to_mask == chess.BB_ALL and self.must_pass():
            yield chess.Move.null()

    def has_regular_move(self) -> bool:
        return any(chess.Board.generate_legal_moves(self))

    def must_pass(self) -> bool:
        """The side to move has no move but the opponent has one (else the game is over)."""
        if self.is_variant_end() or self.has_regular_move():
            return False
        return self.opponent_can_move()

    def opponent_can_move(self) -> bool:
        self.push(chess.Move.null())
        try:
            return self.has_regular_move()
        finally:
            self.pop()

    def is_double_stalemate(self) -> bool:
        return not self.is_variant_end() and not self.has_regular_move() and not self.opponent_can_move()

    # No checkmate or stalemate: a player who cannot move passes. (The pass is a null move, which is falsy, so
    # python-chess's own any(generate_legal_moves()) tests would misread it.)
    def is_checkmate(self) -> bool:
        return False

    def is_stalemate(self) -> bool:
        return False

    def is_pseudo_legal(self, move: chess.Move) -> bool:
        if move and self.kings & self.occupied_co[not self.turn] & chess.BB_SQUARES[move.to_square]:
            return False
        return super().is_pseudo_legal(move)

    def is_legal(self, move: chess.Move) -> bool:
        if not move:
            return self.must_pass()
        return super().is_legal(move)

    def find_move(
        self, from_square: chess.Square, to_square: chess.Square, promotion: chess.PieceType | None = None
    ) -> chess.Move:
        # Long notation (the seed's "Bd2-c3") of a pawn reaching the far rank names no promotion piece.
        if self.pawns & chess.BB_SQUARES[from_square] and chess.BB_SQUARES[to_square] & chess.BB_BACKRANKS:
            move = chess.Move(from_square, to_square)
            if self.is_legal(move):
                return move
            raise chess.IllegalMoveError(f"no legal move {move.uci()}")
        return super().find_move(from_square, to_square, promotion)

    # --- position validity ---------------------------------------------------------------------------------
    def status(self) -> chess.Status:
        status = super().status()
        # A game won by a pawn leaves it on the far rank; a player who passed in check stays in check.
        if not (self.pawns & self.occupied_co[chess.WHITE] & chess.BB_RANK_1) and not (
            self.pawns & self.occupied_co[chess.BLACK] & chess.BB_RANK_8
        ):
            status &= ~chess.STATUS_PAWNS_ON_BACKRANK
        status &= ~(chess.STATUS_OPPOSITE_CHECK | chess.STATUS_TOO_MANY_CHECKERS | chess.STATUS_IMPOSSIBLE_CHECK)
        return status


def unclaimable(*endings: Ending) -> list[Ending]:
    return [replace(ending, claimable=False) for ending in endings]


class ReachEngine(PyChessEngine):
    key = "reach"
    name = "Reach Chess"
    # No checkmate (a mated side passes), no stalemate (no move means pass), and a lone king still wins by
    # reaching the far rank, so neither insufficient material nor a flag against a lone king can be a draw.
    # Repetition and fifty moves are never reported by the engine but may be recorded (docs/rules/scoring.md): its
    # rules have neither, so a player cannot claim them (not claimable).
    endings = frozenset({FAR_RANK_ENDING, DOUBLE_STALEMATE_ENDING, *unclaimable(THREEFOLD_ENDING, FIFTY_MOVES_ENDING)}) | (
        OFF_BOARD - {TIME_FORFEIT_LONE_KING_ENDING}
    )
    pgn_variant = name
    board_class = ReachBoard

    board: ReachBoard

    def parse(self, move: str) -> chess.Move:
        text = move.strip().replace("×", "x").replace("–", "-")  # the seed prints × and en dashes
        if text in (NULL_MOVE, "Z0", "0000", "pass"):
            if not self.board.must_pass():
                raise IllegalMoveError("a player may pass only when there is no legal move")
            return chess.Move.null()
        try:
            return super().parse(text)
        except IllegalMoveError:
            promotion = PROMOTION_RE.match(text)
            if not promotion:
                raise
            # "c8=Q": the pawn wins on arrival, the promotion piece is moot.
            return super().parse(promotion.group(1) + promotion.group(2))

    def outcome(self) -> Outcome | None:
        board = self.board
        winner = board.far_rank_winner()
        if winner is not None:
            return Outcome(FAR_RANK, army_of(winner))
        if board.is_double_stalemate():
            return Outcome(DOUBLE_STALEMATE, None)
        return None

    def perft(self, depth: int) -> int:
        # The generator yields nothing once the game is over (far rank, double stalemate) and the pass when
        # it is the only move, so plain counting is exact.
        if depth == 0:
            return 1
        return perft_board(self.board, depth)


__all__ = ["NULL_MOVE", "ReachBoard", "ReachEngine"]
