"""The :class:`variants.base.Engine` interface on top of the fairy board: one game with its history.

Subclasses (:mod:`variants.rvc`, :mod:`variants.chess8`) fix the board size, name and starting position and
read their own options and PGN tags; everything else (legality, game end, notation, PGN, perft) lives here.
"""

from __future__ import annotations

from typing import ClassVar

from variants import pgn_text
from variants.base import (
    BLACK,
    CHECKMATE,
    FIFTY_MOVES,
    INSUFFICIENT,
    PERPETUAL_CHECK,
    STALEMATE,
    THREEFOLD,
    WHITE,
    Engine,
    IllegalMoveError,
    InvalidPositionError,
    Outcome,
)
from variants.fairy.board import RIGHT_BK, RIGHT_BQ, RIGHT_K, RIGHT_Q, Board
from variants.fairy.geometry import CODE_OF_SYMBOL, KIND, KIND_NAME, KING, PAWN, Geometry
from variants.fairy.moves import CASTLE, EN_PASSANT, move_flag, move_from, move_promotion, move_to
from variants.fairy.notation import NotationError, format_position, parse_position, parse_san, san, san_list
from variants.fairy.rules import rules_for
from variants.pieces import PIECES
from variants.squares import MoveSquares, castling_also

ARMY = (WHITE, BLACK)
CASTLING_PIECES = (KIND["Rook"], KIND["Cannon"])  # "Cannons castle in the Rooks' place"; Princesses never do


class FairyEngine(Engine):
    files: ClassVar[int] = 8
    ranks: ClassVar[int] = 8
    #: Castling step count assumed when a position string has only six fields.
    default_steps: ClassVar[int | None] = 2
    #: Whether position() writes the seventh field (the castling step count).
    writes_steps: ClassVar[bool] = True
    #: Plain chess ends dead positions (insufficient material); the seed's variant leaves that to the arbiter.
    insufficient_rule: ClassVar[bool] = False

    def __init__(self, board: Board, steps: int | None, tags: dict[str, str] | None = None) -> None:
        self.board = board
        self.steps = steps
        self.tags = dict(tags or {})
        self.start = self._format()
        self.start_turn = board.turn
        self.start_fullmove = board.fullmove
        self._sans: list[str] = []
        self._checks: list[bool] = []  # per ply: did that move give check
        self._keys: list[tuple] = [board.key()]
        board.seen[self._keys[0]] = 1
        self._outcome: Outcome | None | bool = False  # False: not computed for this ply yet
        # The position's legal moves (sorted) and their SAN, made once per position: the game-end check, the move
        # played and the list a player is shown all ask for them (a live move used to generate them three times).
        # Keyed by the identity of the position's key in _keys, which the cache itself keeps alive.
        self._legal_for: tuple | None = None
        self._legal: list[int] = []
        self._sans_for: tuple | None = None
        self._legal_sans: list[str] = []

    # --- construction -------------------------------------------------------------------------------------
    @classmethod
    def build(cls, position: str, promotions: tuple[str, ...] | None = None, tags: dict[str, str] | None = None):
        """A game from a position string; ``promotions`` are the piece names a pawn may become (default: the
        kinds other than King and Pawn standing on the board)."""
        if not isinstance(position, str):
            raise InvalidPositionError("a position string is text")
        geo = Geometry(cls.files, cls.ranks)
        try:
            parsed = parse_position(position, geo)
        except NotationError as exc:
            raise InvalidPositionError(f"bad position string: {exc}") from None
        steps = parsed.steps if parsed.steps_given else cls.default_steps
        on_board = {KIND_NAME[p >> 1] for p in parsed.squares if p}
        if promotions is None:
            promotions = tuple(sorted(on_board - {"King", "Pawn"}, key=lambda n: -PIECES[n].value)) or ("Queen",)
        names = tuple(sorted(on_board | set(promotions) | {"King", "Pawn"}))
        rules = rules_for(cls.files, cls.ranks, names, steps)
        board = Board(
            rules,
            parsed.squares,
            parsed.turn,
            parsed.castling,
            parsed.ep,
            parsed.halfmove,
            parsed.fullmove,
            tuple(2 * KIND[n] for n in promotions),
        )
        board.insufficient_rule = cls.insufficient_rule
        _validate(board, steps)
        return cls(board, steps, tags)

    @classmethod
    def from_pgn(cls, text: str) -> FairyEngine:
        try:
            game = pgn_text.read(text)
        except pgn_text.PgnError as exc:
            raise IllegalMoveError(str(exc)) from None
        if game.empty:
            raise IllegalMoveError("no game found in the PGN text")
        tags, tokens = game.tags, game.words
        try:
            engine = cls.from_tags(tags)
        except InvalidPositionError as exc:
            raise IllegalMoveError(f"cannot set up the game: {exc}") from None
        for ply, token in enumerate(tokens, start=1):
            try:
                engine.play(token)
            except IllegalMoveError as exc:
                number = engine.start_fullmove + (ply - 1 + engine.start_turn) // 2
                dots = "." if (ply - 1 + engine.start_turn) % 2 == 0 else "..."
                raise IllegalMoveError(f"move {number}{dots} {token}: {exc}") from None
        engine.tags = tags
        return engine

    @classmethod
    def from_tags(cls, tags: dict[str, str]) -> FairyEngine:
        """The starting position a PGN's tags describe (subclasses read their own tags)."""
        raise NotImplementedError

    # --- state ----------------------------------------------------------------------------------------------
    @property
    def turn(self) -> str:
        return ARMY[self.board.turn]

    def _format(self) -> str:
        return format_position(self.board, self.steps, with_steps=self.writes_steps)

    def position(self) -> str:
        return self._format()

    def moves(self) -> list[str]:
        return list(self._sans)

    def _legal_now(self) -> list[int]:
        """The legal moves of the current position (sorted board codes), generated once per position."""
        key = self._keys[-1]
        if self._legal_for is not key:
            self._legal = sorted(self.board.legal_moves())
            self._legal_for = key
        return self._legal

    def legal_moves(self, army: str | None = None) -> list[str]:
        if army is not None and army != self.turn:
            return []
        if self.outcome() is not None:
            return []
        key = self._keys[-1]
        if self._sans_for is not key:
            board, legal = self.board, self._legal_now()
            self._legal_sans = san_list(board, legal)
            self._sans_for = key
        return list(self._legal_sans)

    def move_squares(self, army: str | None = None) -> list[MoveSquares]:
        sans = self.legal_moves(army)  # the position's own list, so both follow one order
        if not sans:
            return []
        board, names = self.board.board, self.board.rules.geo.names
        found = []
        for move, text in zip(self._legal_now(), sans, strict=True):
            f, t, flag, promotion = move_from(move), move_to(move), move_flag(move), move_promotion(move)
            also: tuple[str, ...] = ()
            if flag == CASTLE:
                rook = self.board.castle_rook(f, t)
                also = castling_also((names[f], names[t]), (names[rook[0]], names[rook[1]]))
            capture = flag == EN_PASSANT or (flag != CASTLE and bool(board[t]))  # a castling king may land on its rook
            piece, becomes = KIND_NAME[board[f] >> 1], KIND_NAME[promotion >> 1] if promotion else None
            found.append(MoveSquares(text, "move", names[f], names[t], piece, becomes, capture, also))
        return found

    def play(self, move: str) -> str:
        if not isinstance(move, str):
            raise IllegalMoveError("a move is text such as 'e4' or 'Nf3'")
        if self.outcome() is not None:
            raise IllegalMoveError("the game is over")
        board = self.board
        legal = self._legal_now()
        if self._sans_for is self._keys[-1] and move in self._legal_sans:
            # The move as the legal list gave it (what clients send): no parsing, its SAN is already made.
            text = move
            chosen = legal[self._legal_sans.index(move)]
        else:
            try:
                chosen = parse_san(board, move, legal)
            except NotationError as exc:
                raise IllegalMoveError(str(exc)) from None
            text = san(board, chosen, legal)
        self._keys.append(board.push(chosen))
        self._sans.append(text)
        self._checks.append(text[-1] in "+#")
        self._outcome = False
        return text

    def gives_check(self) -> bool:
        """Whether the side to move is in check."""
        return self.board.in_check()

    def outcome(self) -> Outcome | None:
        if self._outcome is False:
            self._outcome = self._compute_outcome()
        return self._outcome  # type: ignore[return-value]

    def _compute_outcome(self) -> Outcome | None:
        board = self.board
        mover = ARMY[board.turn ^ 1]
        if not self._legal_now():
            if board.in_check():
                return Outcome(CHECKMATE, mover, forcing_side=mover)
            return Outcome(STALEMATE, None, forcing_side=mover)
        key = self._keys[-1]
        if board.seen.get(key, 0) >= 3:
            checker = self._perpetual_checker(key)
            if checker is not None:
                return Outcome(PERPETUAL_CHECK, checker, checking_side=checker)
            return Outcome(THREEFOLD, None)
        if board.halfmove >= 100:
            return Outcome(FIFTY_MOVES, None)
        if self.insufficient_rule and board.insufficient_material():
            return Outcome(INSUFFICIENT, None)
        return None

    def _perpetual_checker(self, key: tuple) -> str | None:
        """The side that gave check with every one of its moves since the first of the three occurrences of
        the repeated position (None if neither or both did)."""
        occurrences = [i for i, k in enumerate(self._keys) if k == key]
        first = occurrences[-3]
        checked = {0: [], 1: []}
        for ply in range(first, len(self._keys) - 1):
            mover = (self.start_turn + ply) & 1
            checked[mover].append(self._checks[ply])
        sides = [side for side in (0, 1) if checked[side] and all(checked[side])]
        return ARMY[sides[0]] if len(sides) == 1 else None

    def material(self) -> dict[str, float]:
        totals = {WHITE: 0.0, BLACK: 0.0}
        board = self.board.board
        for sq in range(len(board)):
            piece = board[sq]
            if piece:
                totals[ARMY[piece & 1]] += PIECES[KIND_NAME[piece >> 1]].value
        return totals

    # --- PGN and perft --------------------------------------------------------------------------------------
    def variant_tags(self) -> dict[str, str]:
        """Tags that identify the variant and starting position (subclasses add theirs)."""
        return {"Variant": self.pgn_variant} if self.pgn_variant else {}

    def standard_start(self) -> str | None:
        """The position string of this game's normal start (no FEN tag needed when the game began there)."""
        return None

    def to_pgn(self, tags: dict[str, str] | None = None) -> str:
        merged = {**self.tags, **self.variant_tags()}
        for dropped in ("SetUp", "FEN", "Termination", "PlyCount"):
            merged.pop(dropped, None)
        if self.start != self.standard_start():
            merged["SetUp"] = "1"
            merged["FEN"] = self.start
        outcome = self.outcome()
        result = outcome.result if outcome else self.tags.get("Result", "*")
        if outcome is not None:
            merged["Termination"] = outcome.termination
        merged.update(tags or {})
        return pgn_text.write(merged, self._sans, result, self.start_fullmove, black_first=self.start_turn == 1)

    def perft(self, depth: int) -> int:
        if not isinstance(depth, int) or depth < 0:
            raise ValueError("perft depth must be a whole number >= 0")
        return self.board.perft(depth)


def _validate(board: Board, steps: int | None) -> None:
    geo = board.rules.geo
    b = board.board
    for colour in (0, 1):
        kings = [s for s in board.occ[colour] if b[s] >> 1 == KING]
        if len(kings) != 1:
            raise InvalidPositionError(f"{ARMY[colour]} must have exactly one King, not {len(kings)}")
    for s in board.occ[0] | board.occ[1]:
        if b[s] >> 1 == PAWN and geo.rank_of(s) in (0, geo.ranks - 1):
            raise InvalidPositionError(f"a pawn cannot stand on {geo.names[s]} (first or last rank)")
    if board.castling and steps is None:
        raise InvalidPositionError("castling rights need a castling step count (seventh field)")
    for right, colour, side in ((RIGHT_K, 0, 1), (RIGHT_Q, 0, -1), (RIGHT_BK, 1, 1), (RIGHT_BQ, 1, -1)):
        if board.castling & right and steps is not None:
            _check_castling_right(board, colour, side, steps)
    if board.ep >= 0:
        _check_ep(board)
    if board.attacked(board.king[board.turn ^ 1], board.turn):
        raise InvalidPositionError("the side not to move is in check")


def _check_castling_right(board: Board, colour: int, side: int, steps: int) -> None:
    geo = board.rules.geo
    home = 0 if colour == 0 else geo.ranks - 1
    ksq = board.king[colour]
    letter = {(0, 1): "K", (0, -1): "Q", (1, 1): "k", (1, -1): "q"}[(colour, side)]
    if geo.rank_of(ksq) != home:
        raise InvalidPositionError(f"castling right {letter}: the king is not on its first rank")
    corner = geo.square(geo.files - 1 if side == 1 else 0, home)
    piece = board.board[corner]
    if not piece or piece & 1 != colour or piece >> 1 not in CASTLING_PIECES:
        raise InvalidPositionError(f"castling right {letter}: no Rook or Cannon on {geo.names[corner]}")
    kfile = geo.file_of(ksq)
    if not 1 <= kfile + side * steps <= geo.files - 2 or (kfile + side * steps - geo.file_of(corner)) * side >= 0:
        raise InvalidPositionError(f"castling right {letter}: the king cannot move {steps} squares towards the rook")


def _check_ep(board: Board) -> None:
    geo = board.rules.geo
    ep = board.ep
    us = board.turn
    rank = geo.ranks - 3 if us == 0 else 2
    victim = ep - geo.files if us == 0 else ep + geo.files
    pawn = 2 * PAWN + (us ^ 1)
    if geo.rank_of(ep) != rank or board.board[ep] or board.board[victim] != pawn:
        raise InvalidPositionError(f"en passant square {geo.names[ep]} does not follow a pawn's double step")


__all__ = ["CODE_OF_SYMBOL", "FairyEngine"]
