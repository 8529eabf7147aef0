"""The board of Twilight Chess (seed 003): python-chess's board with reserves, warp and drop moves.

The rules themselves are summed up in :mod:`variants.twilight`, whose engine plays on this board; this module
holds what python-chess needs to know: making and unmaking warps and drops, generating them, their notation
(``b8@N`` / ``b80N`` for a warp, ``N@e4`` for a drop), the position string with the reserves in brackets and the
``~`` marks of pawns that may not double-step, and the draw rules that look at the reserves.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import ClassVar

import chess
from chess.variant import CrazyhousePocket

from variants.standard_start import STANDARD_START

STARTING_FEN = STANDARD_START.replace(" ", "[] ", 1)  # the standard start, both reserves empty

# A warp travels as a python-chess Move from a square to itself "promoting" to a king: no real move has that
# shape, it is truthy even on a1 (a bare a1a1 move would read as a null move), and push/pop/stack copy it as is.
WARP_MARK = chess.KING

HOME_RANK = {chess.WHITE: chess.BB_RANK_2, chess.BLACK: chess.BB_RANK_7}  # where a pawn may double-step
FIRST_RANK = {chess.WHITE: chess.BB_RANK_1, chess.BLACK: chess.BB_RANK_8}  # a pawn may be dropped here
LAST_RANK = {chess.WHITE: chess.BB_RANK_8, chess.BLACK: chess.BB_RANK_1}  # ... but never here
DROPPABLE = (chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN)

WARP_RE = re.compile(r"^([a-h][1-8])[@0]([PNBRQKpnbrqk])[+#]?$")
DROP_RE = re.compile(r"^([PNBRQKpnbrqk]?)@([a-h][1-8])[+#]?$")


def warp_move(square: chess.Square) -> chess.Move:
    return chess.Move(square, square, promotion=WARP_MARK)


def is_warp(move: chess.Move) -> bool:
    return move.promotion == WARP_MARK


class TwilightBoard(chess.Board):
    """A python-chess board with reserves, warp and drop moves, and the no-double-step marks."""

    aliases: ClassVar[list[str]] = ["Twilight Chess", "Twilight", "twilightchess"]
    uci_variant: ClassVar[str] = "twilight"
    xboard_variant: ClassVar[str] = "twilight"
    starting_fen: ClassVar[str] = STARTING_FEN

    def __init__(self, fen: str | None = STARTING_FEN, chess960: bool = False) -> None:
        self.reserves = [CrazyhousePocket(), CrazyhousePocket()]  # indexed by colour: BLACK=0, WHITE=1
        self.no_double = chess.BB_EMPTY  # pawns on their start rank that have already moved
        self._twilight_stack: list[tuple[CrazyhousePocket, CrazyhousePocket, int]] = []
        super().__init__(fen, chess960=chess960)

    # --- state kept beside python-chess's ----------------------------------------------------------------
    def clear_stack(self) -> None:
        super().clear_stack()
        self._twilight_stack.clear()

    def reset_board(self) -> None:
        super().reset_board()
        self.reserves = [CrazyhousePocket(), CrazyhousePocket()]
        self.no_double = chess.BB_EMPTY

    def clear_board(self) -> None:
        super().clear_board()
        self.reserves = [CrazyhousePocket(), CrazyhousePocket()]
        self.no_double = chess.BB_EMPTY

    def copy(self, *, stack: bool | int = True) -> TwilightBoard:
        board = super().copy(stack=stack)
        board.reserves = [self.reserves[0].copy(), self.reserves[1].copy()]
        board.no_double = self.no_double
        depth = len(self.move_stack) if stack is True else int(stack)
        board._twilight_stack = self._twilight_stack[max(0, len(self._twilight_stack) - depth) :] if depth else []
        return board

    def root(self) -> TwilightBoard:
        if not self._twilight_stack:
            return self.copy(stack=False)
        board = super().root()
        black, white, no_double = self._twilight_stack[0]
        board.reserves = [black.copy(), white.copy()]
        board.no_double = no_double
        return board

    # --- making and unmaking moves ------------------------------------------------------------------------
    def push(self, move: chess.Move) -> None:
        self._twilight_stack.append((self.reserves[0].copy(), self.reserves[1].copy(), self.no_double))
        color = self.turn
        if is_warp(move):
            square = move.from_square
            piece_type = self.piece_type_at(square)
            assert piece_type is not None, f"nothing to warp on {chess.square_name(square)}"
            super().push(chess.Move.null())  # counters, en passant square and turn as for any move
            self.move_stack[-1] = move
            self._remove_piece_at(square)
            self.reserves[color].add(piece_type)
            # The piece has moved: a rook that comes back to its corner does not bring its castling right.
            self.castling_rights &= ~chess.BB_SQUARES[square]
            self.no_double &= ~chess.BB_SQUARES[square]
            if piece_type == chess.PAWN:
                self.halfmove_clock = 0
            return
        if move.drop:
            super().push(move)
            self.reserves[color].remove(move.drop)
            if move.drop == chess.PAWN:
                self.halfmove_clock = 0
                if chess.BB_SQUARES[move.to_square] & HOME_RANK[color]:
                    self.no_double |= chess.BB_SQUARES[move.to_square]
            return
        super().push(move)
        touched = chess.BB_SQUARES[move.from_square] | chess.BB_SQUARES[move.to_square]
        self.no_double &= ~touched
        # A pawn that steps from its first rank (where it was dropped) onto its start rank has moved.
        if self.pawns & chess.BB_SQUARES[move.to_square] & HOME_RANK[color]:
            self.no_double |= chess.BB_SQUARES[move.to_square]

    def pop(self) -> chess.Move:
        move = super().pop()
        black, white, self.no_double = self._twilight_stack.pop()
        self.reserves = [black, white]
        return move

    # --- move generation -----------------------------------------------------------------------------------
    def generate_pseudo_legal_moves(
        self, from_mask: chess.Bitboard = chess.BB_ALL, to_mask: chess.Bitboard = chess.BB_ALL
    ) -> Iterator[chess.Move]:
        # python-chess lets any pawn that single-steps onto the third rank go on to the fourth: wrong for a
        # pawn dropped on the first rank and for one dropped back on its start rank. Filter only then.
        own_pawns = self.pawns & self.occupied_co[self.turn]
        no_double = own_pawns & (self.no_double | FIRST_RANK[self.turn]) & from_mask
        if not no_double:
            yield from super().generate_pseudo_legal_moves(from_mask, to_mask)
            return
        for move in super().generate_pseudo_legal_moves(from_mask, to_mask):
            if chess.BB_SQUARES[move.from_square] & no_double and abs(move.to_square - move.from_square) == 16:
                continue
            yield move

    def generate_legal_moves(
        self, from_mask: chess.Bitboard = chess.BB_ALL, to_mask: chess.Bitboard = chess.BB_ALL
    ) -> Iterator[chess.Move]:
        yield from super().generate_legal_moves(from_mask, to_mask)
        yield from self.generate_twilight_moves(from_mask & to_mask)

    def generate_twilight_moves(self, mask: chess.Bitboard = chess.BB_ALL) -> Iterator[chess.Move]:
        """The legal warps and drops on squares in ``mask``."""
        turn = self.turn
        king = self.king(turn)
        checkers = self.attackers_mask(not turn, king) if king is not None else chess.BB_EMPTY
        if not checkers:
            # Removing an own piece cannot answer a check; otherwise only a pinned piece may not go.
            pinned = self._slider_blockers(king) if king is not None else chess.BB_EMPTY
            for square in chess.scan_forward(self.occupied_co[turn] & ~self.kings & ~pinned & mask):
                yield warp_move(square)
            drop_mask = ~self.occupied & mask
        elif chess.popcount(checkers) == 1 and king is not None:
            drop_mask = chess.between(king, chess.msb(checkers)) & ~self.occupied & mask  # block the check
        else:
            return
        reserve = self.reserves[turn]
        for piece_type in DROPPABLE:
            if reserve.count(piece_type):
                squares = drop_mask & ~LAST_RANK[turn] if piece_type == chess.PAWN else drop_mask
                for square in chess.scan_forward(squares & chess.BB_ALL):
                    yield chess.Move(square, square, drop=piece_type)

    def is_pseudo_legal(self, move: chess.Move) -> bool:
        if is_warp(move) or move.drop:
            return move in self.generate_twilight_moves(chess.BB_SQUARES[move.to_square])
        return super().is_pseudo_legal(move)

    def is_legal(self, move: chess.Move) -> bool:
        if is_warp(move) or move.drop:
            return move in self.generate_twilight_moves(chess.BB_SQUARES[move.to_square])
        return super().is_legal(move)

    # --- notation ------------------------------------------------------------------------------------------
    def parse_san(self, san: str) -> chess.Move:
        warp = WARP_RE.match(san)
        if warp:
            move = warp_move(chess.parse_square(warp.group(1)))
        else:
            drop = DROP_RE.match(san)
            if not drop:
                return super().parse_san(san)
            letter = drop.group(1) or "P"
            move = chess.Move(
                chess.parse_square(drop.group(2)),
                chess.parse_square(drop.group(2)),
                drop=chess.PIECE_SYMBOLS.index(letter.lower()),
            )
        if not self.is_legal(move):
            raise chess.IllegalMoveError(f"illegal twilight move: {san!r} in {self.fen()}")
        if warp and self.piece_type_at(move.from_square) != chess.PIECE_SYMBOLS.index(warp.group(2).lower()):
            raise chess.IllegalMoveError(f"no {warp.group(2).upper()} on {warp.group(1)}")
        return move

    def _algebraic_without_suffix(self, move: chess.Move, *, long: bool = False) -> str:
        if is_warp(move):
            piece = self.piece_at(move.from_square)
            letter = piece.symbol().upper() if piece else "?"
            return f"{chess.square_name(move.from_square)}@{letter}"
        if move.drop:
            return f"{chess.piece_symbol(move.drop).upper()}@{chess.square_name(move.to_square)}"
        return super()._algebraic_without_suffix(move, long=long)

    # --- position string -----------------------------------------------------------------------------------
    def set_fen(self, fen: str) -> None:
        parts = fen.split(None, 1)
        if not parts:
            raise ValueError("empty position string")
        placement = parts[0]
        info = parts[1] if len(parts) > 1 else "w - - 0 1"
        reserve = ""
        if "[" in placement or "]" in placement:
            match = re.fullmatch(r"([^\[\]]*)\[([PNBRQpnbrq]*)\]", placement)
            if not match:
                raise ValueError(f"reserve must be [letters] of P N B R Q (no king) after the board: {placement!r}")
            placement, reserve = match.groups()
        super().set_fen(f"{placement} {info}")
        # python-chess reads a "~" after a piece as "promoted"; here it marks a pawn that may not double-step.
        marked = self.promoted
        self.promoted = chess.BB_EMPTY
        allowed = self._start_rank_pawns()
        if marked & ~allowed:
            raise ValueError("'~' may only follow a pawn on its own start rank (a pawn that may not double-step)")
        self.no_double = marked
        self.reserves = [
            CrazyhousePocket(c for c in reserve if c.islower()),
            CrazyhousePocket(c.lower() for c in reserve if c.isupper()),
        ]

    def _start_rank_pawns(self) -> chess.Bitboard:
        return self.pawns & (
            (self.occupied_co[chess.WHITE] & chess.BB_RANK_2) | (self.occupied_co[chess.BLACK] & chess.BB_RANK_7)
        )

    def board_fen(self, *, promoted: bool | None = None) -> str:
        saved = self.promoted
        self.promoted = self.no_double & self._start_rank_pawns()
        try:
            return super().board_fen(promoted=True)
        finally:
            self.promoted = saved

    def epd(self, shredder: bool = False, en_passant: str = "legal", promoted: bool | None = None, **operations) -> str:
        epd = super().epd(shredder=shredder, en_passant=en_passant, promoted=promoted, **operations)
        board_part, info_part = epd.split(" ", 1)
        white = str(self.reserves[chess.WHITE]).upper()
        black = str(self.reserves[chess.BLACK])
        return f"{board_part}[{white}{black}] {info_part}"

    def status(self) -> chess.Status:
        status = super().status()
        # A pawn may stand on its own first rank (dropped there), never on its last.
        if not (self.pawns & self.occupied_co[chess.WHITE] & chess.BB_RANK_8) and not (
            self.pawns & self.occupied_co[chess.BLACK] & chess.BB_RANK_1
        ):
            status &= ~chess.STATUS_PAWNS_ON_BACKRANK
        # Pieces in reserve still count towards the 16 of an army.
        status &= ~(
            chess.STATUS_TOO_MANY_WHITE_PAWNS
            | chess.STATUS_TOO_MANY_BLACK_PAWNS
            | chess.STATUS_TOO_MANY_WHITE_PIECES
            | chess.STATUS_TOO_MANY_BLACK_PIECES
        )
        for color, pawn_flag, piece_flag in (
            (chess.WHITE, chess.STATUS_TOO_MANY_WHITE_PAWNS, chess.STATUS_TOO_MANY_WHITE_PIECES),
            (chess.BLACK, chess.STATUS_TOO_MANY_BLACK_PAWNS, chess.STATUS_TOO_MANY_BLACK_PIECES),
        ):
            pawns = chess.popcount(self.pawns & self.occupied_co[color]) + self.reserves[color].count(chess.PAWN)
            pieces = chess.popcount(self.occupied_co[color]) + len(self.reserves[color])
            if pawns > 8:
                status |= pawn_flag
            if pieces > 16:
                status |= piece_flag
        return status

    # --- draws -----------------------------------------------------------------------------------------------
    def is_zeroing(self, move: chess.Move) -> bool:
        if is_warp(move):
            return self.piece_type_at(move.from_square) == chess.PAWN
        return super().is_zeroing(move)

    def is_irreversible(self, move: chess.Move) -> bool:
        # Pawn moves are not irreversible here: a pawn can warp and be dropped back. Captures, promotions,
        # lost castling rights and ceded en passant captures are.
        if is_warp(move):
            return bool(self.clean_castling_rights() & chess.BB_SQUARES[move.from_square]) or self.has_legal_en_passant()
        if move.drop:
            return self.has_legal_en_passant()
        return self.is_capture(move) or bool(move.promotion) or self._reduces_castling_rights(move) or self.has_legal_en_passant()

    def _transposition_key(self) -> tuple:
        return (
            super()._transposition_key(),
            str(self.reserves[chess.WHITE]),
            str(self.reserves[chess.BLACK]),
            self.no_double & self._start_rank_pawns(),
        )

    def has_insufficient_material(self, color: chess.Color) -> bool:
        # Conservative: an army can mate unless it is a bare king, or king and one minor piece (on the board or
        # in reserve) against a bare king. Drops put a bishop on either colour, so two bishops always count.
        reserve = self.reserves[color]
        own = self.occupied_co[color] & ~self.kings
        if own & (self.pawns | self.rooks | self.queens) or any(
            reserve.count(pt) for pt in (chess.PAWN, chess.ROOK, chess.QUEEN)
        ):
            return False
        minors = chess.popcount(own) + reserve.count(chess.KNIGHT) + reserve.count(chess.BISHOP)
        if minors == 0:
            return True
        if minors > 1:
            return False
        opponent = self.occupied_co[not color] & ~self.kings
        return not opponent and not len(self.reserves[not color])


def twilight_ended(board: chess.Board) -> bool:
    """Whether the game on ``board`` ended by a draw rule though moves remain (perft prunes there)."""
    if board.halfmove_clock >= 100 and any(board.generate_legal_moves()):
        return True
    if board.is_insufficient_material():
        return True
    # Three occurrences need at least eight plies (a warp and a drop back by each side, twice).
    return len(board.move_stack) >= 8 and board.is_repetition(3)


__all__ = [
    "DROP_RE",
    "DROPPABLE",
    "LAST_RANK",
    "STARTING_FEN",
    "WARP_RE",
    "TwilightBoard",
    "is_warp",
    "twilight_ended",
    "warp_move",
]
