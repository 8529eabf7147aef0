"""The one interface every variant engine implements.

The games app, the replay and perft commands and the scoring code only ever talk to this interface, so a
variant is a module with one :class:`Engine` subclass registered in :mod:`variants.registry`. The subclass also
carries every fact about its variant (board size, the endings a game can have and how each is graded, its PGN
tag, whether dice choose the start): the apps and scoring ask the class instead of keeping tables of keys.

Conventions shared by all engines:

* Armies are the strings ``"white"`` and ``"black"`` (:data:`WHITE`, :data:`BLACK`).
* Moves cross the interface as strings in the variant's notation (SAN-like); ``play`` accepts what
  ``legal_moves`` returns and, where the variant allows it, other spellings (e.g. UCI-like ``e2e4``).
* Seats are the people: ``"white"`` is the person who started with the white army. Only in Switch-Side
  Chain-Chess can a seat control the other army; :meth:`Engine.controller` says who controls an army now.
* Illegal input raises :class:`IllegalMoveError` (a ``ValueError``) with a one-line human reason and leaves the
  engine unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from variants.boardtext import BoardTextError, read_board, write_board
from variants.draw import DiceStart, Draw, DrawReading, read_dice
from variants.pieces import PIECES
from variants.squares import MoveSquares, Squares

# The termination names live in variants.terminations; they are re-exported here, where engines and the apps
# have always imported them from.
from variants.terminations import (
    ADJUDICATION,
    AGREEMENT,
    CHECKMATE,
    DOUBLE_STALEMATE,
    FAR_RANK,
    FIFTY_MOVES,
    FORFEIT,
    INSUFFICIENT,
    KING_CAPTURE,
    PERPETUAL_CHECK,
    RESIGNATION,
    SIMULTANEOUS_MATE,
    SIMULTANEOUS_STALEMATE,
    STALEMATE,
    THREEFOLD,
    TIME_FORFEIT,
    TIME_FORFEIT_LONE_KING,
    Ending,
    by_name,
)

WHITE = "white"
BLACK = "black"
ARMIES = (WHITE, BLACK)


def other(army: str) -> str:
    """The opposing army (or seat)."""
    return BLACK if army == WHITE else WHITE


class IllegalMoveError(ValueError):
    """A move that is malformed, ambiguous or illegal in the current position. The message is the reason."""


class InvalidPositionError(ValueError):
    """A position string that cannot be parsed or describes an impossible position."""


@dataclass(frozen=True)
class Outcome:
    """How a game ended on the board.

    ``winner`` is the *army* that won (``None`` for a draw). ``checking_side`` is the army that gave perpetual
    check; ``forcing_side`` the army that delivered stalemate or checkmate. Results belong to people: the games
    app maps the winning army to the seat controlling it (:meth:`Engine.controller`).
    """

    termination: str
    winner: str | None
    checking_side: str | None = None
    forcing_side: str | None = None

    @property
    def result(self) -> str:
        """The army result in PGN form: ``1-0``, ``0-1`` or ``1/2-1/2``."""
        if self.winner == WHITE:
            return "1-0"
        if self.winner == BLACK:
            return "0-1"
        return "1/2-1/2"


def _symbol(colour: str, figure: str, where: str) -> str:
    """How a position writes ``figure`` of ``colour`` (upper case White); InvalidPositionError naming ``where``."""
    if colour not in ARMIES:
        raise InvalidPositionError(f"{where}: the colour is white or black, not {colour!r}")
    if figure not in PIECES:
        raise InvalidPositionError(f"{where}: {figure!r} is not a piece")
    symbol = PIECES[figure].symbol
    return symbol if colour == WHITE else symbol.lower()


class Engine:
    """A game in progress. Subclasses override the hooks; the class attributes are the metadata."""

    key: ClassVar[str]  # registry key: chess, rvc, reach, twilight, parity, parity-single, sscc
    name: ClassVar[str]  # human name
    files: ClassVar[int] = 8
    ranks: ClassVar[int] = 8
    simultaneous: ClassVar[bool] = False  # Parity Chess: both armies move at once, sealed
    can_switch: ClassVar[bool] = False  # Switch-Side Chain-Chess
    #: Every way a game of this variant can end, on and off the board, each saying whether it decides the game
    #: and whom it favours (variants.terminations.Ending). A subclass declares these; the two below follow.
    endings: ClassVar[frozenset[Ending]] = frozenset()
    #: The names of :attr:`endings` (what outcomes report and the apps store). Derived: never declared.
    terminations: ClassVar[frozenset[str]] = frozenset()
    #: The names of the endings a player may claim during play (``Ending.claimable``). Derived: never declared.
    claims: ClassVar[frozenset[str]] = frozenset()
    #: Whether stalemate wins like checkmate (Parity Chess rule 6), i.e. the variant's stalemate is decisive.
    #: Derived from :attr:`endings` for describe(): scoring reads the ending itself.
    stalemate_wins: ClassVar[bool] = False
    #: The PGN ``Variant`` tag :meth:`to_pgn` writes (``None``: no tag).
    pgn_variant: ClassVar[str | None] = None
    #: The start array is chosen by dice (Random Variant Chess): games need their block's rolls.
    rolled: ClassVar[bool] = False
    #: A rolled variant's ways of using the dice, as people pick them (variants.policies).
    dice_draws: ClassVar[tuple[Draw, ...]] = ()
    #: Pieces may wait off the board in each army's reserve (Twilight Chess): the board editor offers it.
    has_reserve: ClassVar[bool] = False

    #: PGN tags of a game read by :meth:`from_pgn` (``Result`` among them); empty for a new game.
    tags: dict[str, str]

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        for derived in ("terminations", "stalemate_wins", "claims"):
            if derived in cls.__dict__:
                raise TypeError(f"{cls.__name__} declares {derived}: declare its endings, {derived} follows from them")
        named = by_name(cls.endings)  # refuses two different endings of one name
        cls.terminations = frozenset(named)
        cls.claims = frozenset(name for name, ending in named.items() if ending.claimable)
        cls.stalemate_wins = STALEMATE in named and named[STALEMATE].decisive

    # --- facts about the variant (no game needed) ------------------------------------------------------------
    @classmethod
    def rating_key(cls, options: dict[str, object] | None = None) -> str:
        """The rating list a game of this variant started from ``options`` counts for: the variant's key. A rolled
        engine's arrays all count for its key, the family as a whole (as the seed treats them as one game; a rating
        per array would never converge)."""
        return cls.key

    @classmethod
    def rating_name(cls) -> str:
        """How a page names the rating list of :meth:`rating_key`."""
        return f"{cls.name} (every array)" if cls.rolled else cls.name

    @classmethod
    def ending(cls, name: str) -> Ending:
        """The ending called ``name``; raises KeyError naming the possible ones when this variant has none."""
        for ending in cls.endings:
            if ending.name == name:
                return ending
        variant = getattr(cls, "name", cls.__name__)
        raise KeyError(f"{name!r} cannot end a {variant} game; possible: {', '.join(sorted(cls.terminations))}")

    @classmethod
    def start_options(cls, first_roll: str = "", second_roll: str = "") -> dict[str, object]:
        """The keyword options :meth:`new` and :meth:`from_position` need for a game of this variant, given its
        block's rolls (empty when there are none); a variant without dice needs none."""
        return {}

    @classmethod
    def read_draw(cls, value: object) -> DrawReading:
        """What a block's draw value holds (its rolls, the dice as shown, castling; empty for a variant without dice)."""
        return read_dice(value)

    @classmethod
    def read_roll(cls, text: object) -> str:
        """A roll of the variant's dice as it showed (``" 6 -6- 2"`` -> ``"6-6-2"``); ValueError with a one-line
        reason. Rolled variants only."""
        raise NotImplementedError(f"{cls.name} is not played from dice")

    @classmethod
    def second_roll_possible(cls, first: str) -> bool:
        """Whether the dice are rolled a second time after ``first`` (when the event uses two rolls)."""
        raise NotImplementedError(f"{cls.name} is not played from dice")

    @classmethod
    def dice_start(cls, first: str, second: str | None = None) -> DiceStart:
        """The start the dice give (rolls in any order); ValueError with a one-line reason for bad rolls."""
        raise NotImplementedError(f"{cls.name} is not played from dice")

    @classmethod
    def start_rolls(cls, options: dict[str, object]) -> tuple[str, str]:
        """The block's rolls a game's ``options`` were made from (the inverse of :meth:`start_options`), for the
        pages, the API and the PGN export; ``("", "")`` for a variant without dice."""
        return ("", "")

    @classmethod
    def start_position(cls, **options: object) -> str:
        """The position string of the start (``options`` as for :meth:`new`)."""
        return cls.new(**options).position()

    @classmethod
    def squares(cls, position: str) -> Squares:
        """The pieces of ``position`` square by square, each with its colour and figure key, and the board size:
        what a board picture draws. Only the board part is read (no legality is asked: a board being set up is
        drawn too). Raises :class:`InvalidPositionError` naming the fault. The default reads the shared board
        text (:func:`variants.boardtext.read_board`) on this variant's board; an engine with its own writing
        overrides it."""
        try:
            return read_board(position, cls.files, cls.ranks)
        except BoardTextError as exc:
            raise InvalidPositionError(str(exc)) from None

    @classmethod
    def setup_position(
        cls,
        pieces: Iterable[tuple[str, str, str]],
        turn: str = WHITE,
        reserve: Iterable[tuple[str, str]] = (),
        **options: object,
    ) -> str:
        """The position string of a board set up by hand (the board editor): ``pieces`` are ``(square, colour,
        figure key)`` as :meth:`squares` gives them (two on a square only where the variant shares squares),
        ``turn`` the army to move, ``reserve`` the ``(colour, figure key)`` of each piece in a reserve (variants
        that have one: :attr:`has_reserve`); no castling right, no en passant, the move counters at their start.
        ``options`` as for :meth:`from_position` (a rolled variant's rolls). The engine reads the result back,
        so a position it would refuse (no king, a pawn on its last rank, the side not to move in check) raises
        :class:`InvalidPositionError` naming the fault."""
        board: dict[str, tuple[str, ...]] = {}
        for square, colour, figure in pieces:
            board[square] = (*board.get(square, ()), _symbol(colour, figure, square))
        held = "".join(_symbol(colour, figure, "the reserve") for colour, figure in reserve)
        if held and not cls.has_reserve:
            raise InvalidPositionError(f"{cls.name} has no reserve")
        if turn not in ARMIES:
            raise InvalidPositionError(f"the side to move is white or black, not {turn!r}")
        try:
            text = cls.setup_text(write_board(board, cls.files, cls.ranks), turn, held)
        except BoardTextError as exc:
            raise InvalidPositionError(str(exc)) from None
        return cls.from_position(text, **options).position()

    @classmethod
    def setup_text(cls, board: str, turn: str, reserve: str = "") -> str:
        """The position string of ``board`` (its board text) with ``turn`` to move, ``reserve`` the symbols of the
        pieces in reserve, and nothing else to say: what :meth:`setup_position` hands to :meth:`from_position`.
        FEN's fields by default; a variant that writes its positions otherwise overrides it."""
        return f"{board} {'w' if turn == WHITE else 'b'} - - 0 1"

    @classmethod
    def reserve_of(cls, position: str, **options: object) -> dict[str, dict[str, int]]:
        """``{army: {figure key: count}}`` of the pieces waiting in each reserve of ``position`` (empty for a
        variant without reserves); raises InvalidPositionError."""
        return {}

    @classmethod
    def material_of(cls, position: str, **options: object) -> dict[str, float]:
        """Material points of each army in ``position`` (see :meth:`material`); raises InvalidPositionError."""
        return cls.from_position(position, **options).material()

    @classmethod
    def describe(cls) -> dict[str, object]:
        """The variant's facts as a JSON-able dict, for pages and the API."""
        return {
            "key": cls.key,
            "name": cls.name,
            "files": cls.files,
            "ranks": cls.ranks,
            "simultaneous": cls.simultaneous,
            "can_switch": cls.can_switch,
            "rolled": cls.rolled,
            "stalemate_wins": cls.stalemate_wins,
            "pgn_variant": cls.pgn_variant,
            "terminations": sorted(cls.terminations),
        }

    # --- construction -------------------------------------------------------------------------------------
    @classmethod
    def new(cls, **options: object) -> Engine:
        """The starting position. Options are variant-specific (e.g. ``roll`` and ``roll2`` for rvc)."""
        raise NotImplementedError

    @classmethod
    def from_position(cls, position: str, **options: object) -> Engine:
        """A game starting from ``position`` (this variant's position string)."""
        raise NotImplementedError

    @classmethod
    def from_pgn(cls, text: str) -> Engine:
        """Replay a PGN game; raises :class:`IllegalMoveError` naming the move number on the first bad move."""
        raise NotImplementedError

    # --- state ----------------------------------------------------------------------------------------------
    @property
    def turn(self) -> str:
        """The army to move (for simultaneous variants: ``white``; see :meth:`pending`)."""
        raise NotImplementedError

    def position(self) -> str:
        """The position string (FEN-like); ``from_position(position())`` gives the same position."""
        raise NotImplementedError

    def moves(self) -> list[str]:
        """The moves played so far, in notation (simultaneous variants: ``"white_move black_move"`` a turn)."""
        raise NotImplementedError

    def legal_moves(self, army: str | None = None) -> list[str]:
        """The legal moves of ``army`` (default: the army to move), in the notation :meth:`play` accepts."""
        raise NotImplementedError

    def move_squares(self, army: str | None = None) -> list[MoveSquares]:
        """The legal moves of ``army`` (default: the army to move) as squares, in the order of
        :meth:`legal_moves` (:class:`variants.squares.MoveSquares`). An engine that does not say where its moves
        go has them offered by name (kind ``"other"``)."""
        return [MoveSquares(san) for san in self.legal_moves(army)]

    def play(self, move: str) -> str:
        """Play one move of the army to move; returns it in canonical notation. Raises IllegalMoveError."""
        raise NotImplementedError

    def play_turn(self, white_move: str, black_move: str) -> str:
        """Simultaneous variants only: resolve one turn of two sealed moves; returns the turn's notation."""
        raise NotImplementedError(f"{self.name} is not a simultaneous variant")

    def outcome(self) -> Outcome | None:
        """How the game ended on the board, or ``None`` while it goes on."""
        raise NotImplementedError

    def material(self) -> dict[str, float]:
        """Material points of each army with the seed 002 values (no Black compensation; scoring adds it)."""
        raise NotImplementedError

    def reserves(self) -> dict[str, dict[str, int]]:
        """The pieces each army holds off the board, by figure key with their count (``{"white": {"Knight": 1},
        "black": {}}``), for a variant that keeps reserves (Twilight Chess); empty for one that keeps none. What
        the pages show beside the board: a page never reads the position for it."""
        return {}

    def controller(self, army: str) -> str:
        """The seat (person who started as ``white`` or ``black``) now controlling ``army``."""
        return army

    def to_pgn(self, tags: dict[str, str] | None = None) -> str:
        """The game as PGN with a ``Variant`` tag (:attr:`pgn_variant`; and the roll tags for rvc)."""
        raise NotImplementedError

    def perft(self, depth: int) -> int:
        """Leaf positions at ``depth``; a position where the game has ended has no children."""
        raise NotImplementedError


__all__ = [
    "ADJUDICATION",
    "AGREEMENT",
    "ARMIES",
    "BLACK",
    "CHECKMATE",
    "DOUBLE_STALEMATE",
    "FAR_RANK",
    "FIFTY_MOVES",
    "FORFEIT",
    "INSUFFICIENT",
    "KING_CAPTURE",
    "PERPETUAL_CHECK",
    "RESIGNATION",
    "SIMULTANEOUS_MATE",
    "SIMULTANEOUS_STALEMATE",
    "STALEMATE",
    "THREEFOLD",
    "TIME_FORFEIT",
    "TIME_FORFEIT_LONE_KING",
    "WHITE",
    "Ending",
    "Engine",
    "IllegalMoveError",
    "InvalidPositionError",
    "MoveSquares",
    "Outcome",
    "Squares",
    "other",
]
