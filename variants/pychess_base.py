"""A base for the 8x8 variants built on python-chess (Reach, Twilight, Switch-Side Chain-Chess).

Subclasses set ``board_class`` (a ``chess.Board`` subclass carrying the variant's rules) and override the few
hooks that differ; notation is python-chess SAN, the position string is its FEN.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import chess

from variants import pgn_text
from variants.base import (
    BLACK,
    CHECKMATE,
    FIFTY_MOVES,
    INSUFFICIENT,
    STALEMATE,
    THREEFOLD,
    WHITE,
    Engine,
    IllegalMoveError,
    InvalidPositionError,
    Outcome,
)
from variants.pieces import BY_SYMBOL
from variants.squares import MoveSquares, castling_also

# Seed 002's material values (the piece catalogue's), which its dynamic scoring also applies to ordinary chess.
SEED_VALUES = {pt: BY_SYMBOL[chess.piece_symbol(pt).upper()].value for pt in chess.PIECE_TYPES}
FIGURES = {pt: BY_SYMBOL[chess.piece_symbol(pt).upper()].name for pt in chess.PIECE_TYPES}  # the piece set's names


def army_of(color: chess.Color) -> str:
    return WHITE if color == chess.WHITE else BLACK


class PyChessEngine(Engine):
    board_class: ClassVar[type[chess.Board]] = chess.Board

    def __init__(self, board: chess.Board, tags: dict[str, str] | None = None) -> None:
        self.board = board
        self.tags = dict(tags or {})

    # --- construction -------------------------------------------------------------------------------------
    @classmethod
    def new(cls, **options: object) -> PyChessEngine:
        return cls(cls.board_class())

    @classmethod
    def from_position(cls, position: str, **options: object) -> PyChessEngine:
        try:
            board = cls.board_class(position)
        except ValueError as exc:
            raise InvalidPositionError(f"bad position string: {exc}") from None
        if not board.is_valid():
            # python-chess flags impossible positions (a missing king, the side not to move in check, ...).
            raise InvalidPositionError(f"impossible position: {board.status()!r}")
        return cls(board)

    @classmethod
    def from_pgn(cls, text: str) -> PyChessEngine:
        """Replay a PGN game move by move with this engine's own parser; a bad move raises IllegalMoveError
        naming it, e.g. ``move 12... h7@P: reason`` (numbers follow the position, so a FEN game keeps its own)."""
        try:
            game = pgn_text.read(text)
        except pgn_text.PgnError as exc:
            raise IllegalMoveError(str(exc)) from None
        if game.empty:
            raise IllegalMoveError("no game found in the PGN text")
        engine = cls.from_position(game.tags["FEN"]) if "FEN" in game.tags else cls.new()
        engine.tags = game.tags
        for word in game.words:
            number = engine.board.fullmove_number
            dots = "." if engine.board.turn == chess.WHITE else "..."
            try:
                engine.play(word)
            except IllegalMoveError as exc:
                raise IllegalMoveError(f"move {number}{dots} {word}: {exc}") from None
        return engine

    # --- state ----------------------------------------------------------------------------------------------
    @property
    def turn(self) -> str:
        return army_of(self.board.turn)

    def position(self) -> str:
        return self.board.fen()

    def moves(self) -> list[str]:
        replay = self.board.root()
        sans = []
        for move in self.board.move_stack:
            sans.append(replay.san(move))
            replay.push(move)
        return sans

    def legal_moves(self, army: str | None = None) -> list[str]:
        if army is not None and army != self.turn:
            return []
        if self.outcome() is not None:
            return []
        return [self.board.san(move) for move in self.board.legal_moves]

    def move_squares(self, army: str | None = None) -> list[MoveSquares]:
        if (army is not None and army != self.turn) or self.outcome() is not None:
            return []
        board = self.board
        return [self.squares_of(move, board.san(move)) for move in board.legal_moves]

    def squares_of(self, move: chess.Move, san: str) -> MoveSquares:
        """The legal ``move`` (written ``san``) as squares; the null move is a pass (Reach Chess)."""
        board = self.board
        if not move:
            return MoveSquares(san, "pass")
        origin, target = chess.square_name(move.from_square), chess.square_name(move.to_square)
        also: tuple[str, ...] = ()
        if board.is_castling(move):
            rook = castling_rook(move)
            also = castling_also((origin, target), (chess.square_name(rook[0]), chess.square_name(rook[1])))
        piece_type = board.piece_type_at(move.from_square)
        piece = FIGURES[piece_type] if piece_type else None
        promotion = FIGURES[move.promotion] if move.promotion else None
        return MoveSquares(san, "move", origin, target, piece, promotion, board.is_capture(move), also)

    def parse(self, move: str) -> chess.Move:
        """The move meant by ``move`` (SAN, or UCI such as ``e2e4``); raises IllegalMoveError."""
        text = move.strip()
        if not text:
            raise IllegalMoveError("empty move")
        try:
            return self.board.parse_san(text)
        except chess.IllegalMoveError:
            raise IllegalMoveError(f"{text} is illegal here") from None
        except chess.AmbiguousMoveError:
            raise IllegalMoveError(f"{text} is ambiguous") from None
        except ValueError:
            pass
        try:
            parsed = chess.Move.from_uci(text)
        except ValueError:
            raise IllegalMoveError(f"cannot read {text!r} as a move") from None
        if parsed not in self.board.legal_moves:
            raise IllegalMoveError(f"{text} is illegal here")
        return parsed

    def play(self, move: str) -> str:
        if self.outcome() is not None:
            raise IllegalMoveError("the game is over")
        parsed = self.parse(move)
        san = self.board.san(parsed)
        self.board.push(parsed)
        return san

    def outcome(self) -> Outcome | None:
        board = self.board
        if board.is_checkmate():
            winner = army_of(not board.turn)
            return Outcome(CHECKMATE, winner, forcing_side=winner)
        if board.is_stalemate():
            return Outcome(STALEMATE, None, forcing_side=army_of(not board.turn))
        if board.is_insufficient_material():
            return Outcome(INSUFFICIENT, None)
        if board.is_fifty_moves():
            return Outcome(FIFTY_MOVES, None)
        if board.is_repetition(3):
            return Outcome(THREEFOLD, None)
        return None

    def material(self) -> dict[str, float]:
        totals = {WHITE: 0.0, BLACK: 0.0}
        for piece in self.board.piece_map().values():
            totals[army_of(piece.color)] += SEED_VALUES[piece.piece_type]
        return totals

    def to_pgn(self, tags: dict[str, str] | None = None) -> str:
        """The game as PGN: the seven-tag roster, ``Variant``, ``SetUp``/``FEN`` when it did not start from the
        variant's start position, ``Termination`` when it ended on the board."""
        headers = {key: value for key, value in self.tags.items() if key not in ("SetUp", "FEN", "Termination")}
        if self.pgn_variant:
            headers["Variant"] = self.pgn_variant
        root = self.board.root()
        if root.fen() != type(self).new().position():
            headers["SetUp"] = "1"
            headers["FEN"] = root.fen()
        outcome = self.outcome()
        result = self.tags.get("Result", "*")
        if outcome is not None:
            result = self.pgn_result(outcome)
            headers["Termination"] = outcome.termination
        headers.update(tags or {})
        return pgn_text.write(headers, self.moves(), result, root.fullmove_number, root.turn == chess.BLACK)

    def pgn_result(self, outcome: Outcome) -> str:
        """The PGN Result of a game that ended on the board (seats and armies coincide except in sscc)."""
        return outcome.result

    def perft(self, depth: int) -> int:
        if depth == 0:
            return 1
        if self.outcome() is not None:
            return 0
        board = self.board
        if depth == 1:
            return board.legal_moves.count()
        total = 0
        for move in list(board.legal_moves):
            board.push(move)
            total += self.perft(depth - 1)
            board.pop()
        return total


def castling_rook(move: chess.Move) -> tuple[chess.Square, chess.Square]:
    """The rook's (origin, target) when the king castles with ``move`` (standard chess: the king moves two
    squares towards the corner rook, which lands beside it)."""
    rank = chess.square_rank(move.from_square)
    if chess.square_file(move.to_square) > chess.square_file(move.from_square):
        return chess.square(7, rank), chess.square(5, rank)
    return chess.square(0, rank), chess.square(3, rank)


def perft_board(board: chess.Board, depth: int, ended: Callable[[chess.Board], bool] | None = None) -> int:
    """Leaf count ``depth`` plies below ``board`` (``depth`` >= 1); ``ended(board)`` says whether a position ends
    the game although moves remain (python-chess's generator already yields nothing after mate or stalemate)."""
    if ended is not None and ended(board):
        return 0
    if depth == 1:
        return sum(1 for _ in board.generate_legal_moves())
    total = 0
    for move in list(board.generate_legal_moves()):
        board.push(move)
        total += perft_board(board, depth - 1, ended)
        board.pop()
    return total
