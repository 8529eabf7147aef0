"""How every piece of the catalogue (:mod:`variants.pieces`) moves, as data the fairy engine compiles.

A piece is a tuple of *primitives*, each given from White's point of view (``(files, ranks)`` offsets, ranks
growing towards Black); the engine mirrors the ranks for Black. Adding a piece is one entry in
:data:`MOVEMENT`, never a new code path. docs/rules/random-variant-chess-play.md quotes the seed sentence behind
each entry.

* :class:`Leap` jumps to fixed offsets, ignoring what stands between.
* :class:`Ride` slides along directions until the first occupied square.
* :class:`Hop` slides, leaps exactly one piece (the *screen*) and slides on beyond it (Cannon, Catapult).
* :class:`Path` walks a fixed sequence of unit steps (optionally repeating its last one) and stops at the first
  occupied square: lame leaps (the Horse forms, the Star's two-step), the Griffin's bent ride and the
  Rhinoceros's curved ride. ``move_from``/``capture_from`` are the first step counts that may end a move or a
  capture.
* :class:`PawnMoves` and :class:`Castles` mark the two rules the engine implements itself (double step, en
  passant and promotion; castling), because they depend on more than the board.
"""

from __future__ import annotations

from dataclasses import dataclass

BOTH = "both"  # may move to an empty square or capture an enemy there
MOVE = "move"  # only to an empty square
CAPTURE = "capture"  # only by capturing

Offset = tuple[int, int]

ORTHOGONAL: tuple[Offset, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAGONAL: tuple[Offset, ...] = ((1, 1), (1, -1), (-1, -1), (-1, 1))
ALL_DIRECTIONS = ORTHOGONAL + DIAGONAL
# The eight directions clockwise from north: the Rhinoceros turns 45 degrees along this circle.
CLOCKWISE: tuple[Offset, ...] = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


@dataclass(frozen=True)
class Leap:
    offsets: tuple[Offset, ...]
    mode: str = BOTH


@dataclass(frozen=True)
class Ride:
    directions: tuple[Offset, ...]
    mode: str = BOTH


@dataclass(frozen=True)
class Hop:
    """Slide to a screen, leap it, then slide on: ``moves`` says whether it may stop on an empty square beyond
    the screen (Catapult) or only capture the first piece beyond it (Cannon)."""

    directions: tuple[Offset, ...]
    moves: bool


@dataclass(frozen=True)
class Path:
    steps: tuple[Offset, ...]
    move_from: int  # fewest steps of a non-capturing move (0: never moves along this path)
    capture_from: int  # fewest steps of a capture (0: never captures along this path)
    repeat: bool = False  # after the fixed steps, keep stepping like the last one to the board's edge


@dataclass(frozen=True)
class PawnMoves:
    """One step forward without capturing, two from the start rank, diagonal forward captures, en passant and
    promotion on the last rank."""


@dataclass(frozen=True)
class Castles:
    """The king's castling move (engine-implemented: depends on rights and the array's step count)."""


Primitive = Leap | Ride | Hop | Path | PawnMoves | Castles


# The eight symmetries of the square as (a, b, c, d): (x, y) -> (a*x + b*y, c*x + d*y).
_SYMMETRIES = [(sx, 0, 0, sy) for sx in (1, -1) for sy in (1, -1)] + [(0, sx, sy, 0) for sx in (1, -1) for sy in (1, -1)]


def _apply(sym: tuple[int, int, int, int], step: Offset) -> Offset:
    a, b, c, d = sym
    x, y = step
    return (a * x + b * y, c * x + d * y)


def leaper(x: int, y: int) -> tuple[Offset, ...]:
    """All eight (or four) offsets of an (x, y) leaper, e.g. ``leaper(1, 2)`` is the Knight."""
    found = {_apply(sym, (x, y)) for sym in _SYMMETRIES}
    return tuple(sorted(found))


def symmetric_paths(steps: tuple[Offset, ...], move_from: int, capture_from: int, repeat: bool = False) -> tuple[Path, ...]:
    """The path ``steps`` under all eight symmetries of the board (duplicates removed)."""
    seen: dict[tuple[Offset, ...], None] = {}
    for sym in _SYMMETRIES:
        seen[tuple(_apply(sym, step) for step in steps)] = None
    return tuple(Path(s, move_from, capture_from, repeat) for s in seen)


def _rhinoceros_paths() -> tuple[Path, ...]:
    """Sixteen curved rides: each first step (8) turning 45 degrees at every step, clockwise or anticlockwise."""
    paths = []
    for start in range(8):
        for turn in (1, -1):
            steps = tuple(CLOCKWISE[(start + turn * i) % 8] for i in range(7))
            paths.append(Path(steps, move_from=1, capture_from=1))
    return tuple(paths)


KNIGHT = leaper(1, 2)
CAMEL = leaper(1, 3)
ZEBRA = leaper(2, 3)
GIRAFFE = leaper(1, 4)
ALFIL = leaper(2, 2)
KING_STEPS = ORTHOGONAL + DIAGONAL

MOVEMENT: dict[str, tuple[Primitive, ...]] = {
    "King": (Leap(KING_STEPS), Castles()),
    "Pawn": (PawnMoves(),),
    "Queen": (Ride(ALL_DIRECTIONS),),
    "Rook": (Ride(ORTHOGONAL),),
    "Bishop": (Ride(DIAGONAL),),
    "Knight": (Leap(KNIGHT),),
    # "The Empress has the move of the Rook and the Knight."
    "Empress": (Ride(ORTHOGONAL), Leap(KNIGHT)),
    # "The Princess has the move of the Bishop and the Knight."
    "Princess": (Ride(DIAGONAL), Leap(KNIGHT)),
    # "The Amazon has the moves of the Queen and the Knight."
    "Amazon": (Ride(ALL_DIRECTIONS), Leap(KNIGHT)),
    # "The Fers moves one square diagonally."
    "Fers": (Leap(DIAGONAL),),
    # "The Wazir moves one square orthogonally."
    "Wazir": (Leap(ORTHOGONAL),),
    # "The Man moves to any adjacent square ... like the King, but it has none of the special attributes"
    "Man": (Leap(KING_STEPS),),
    # "The Elephant moves one square diagonally or one square forwards."
    "Elephant": (Leap(DIAGONAL), Leap(((0, 1),))),
    # "The Camel is a 1-3 leaper."
    "Camel": (Leap(CAMEL),),
    # "four squares in one orthogonal direction, and one square in a perpendicular orthogonal direction"
    "Giraffe": (Leap(GIRAFFE),),
    # "two squares away in one orthogonal direction, and three squares away in the other"
    "Zebra": (Leap(ZEBRA),),
    # "moves, without capturing, as a Bishop, and captures as a Knight"
    "Tiger": (Ride(DIAGONAL, MOVE), Leap(KNIGHT, CAPTURE)),
    # "moves without capturing one space orthogonally ... and captures one space diagonally"
    "Walker": (Leap(ORTHOGONAL, MOVE), Leap(DIAGONAL, CAPTURE)),
    # Team reading: one or two squares orthogonally (the two-step is blocked by a piece on the middle square),
    # or exactly two squares diagonally, leaping.
    "Star": (Leap(ORTHOGONAL), *symmetric_paths(((0, 1), (0, 1)), 2, 2), Leap(ALFIL)),
    # "moves as a Rook, and captures along Rook lines, but to capture, must leap over one piece"
    "Cannon": (Ride(ORTHOGONAL, MOVE), Hop(ORTHOGONAL, moves=False)),
    # "must leap over another piece of either color to move as well as to capture"
    "Catapult": (Hop(ORTHOGONAL, moves=True),),
    # "one square orthogonally followed by one outwards diagonal move ... may be blocked"
    "Horse": symmetric_paths(((0, 1), (1, 1)), 2, 2),
    # "two squares orthogonally followed by one square in an outward diagonal direction"
    "Horse-Camel": symmetric_paths(((0, 1), (0, 1), (1, 1)), 3, 3),
    # "three squares orthogonally, followed by one square in an outward diagonal direction"
    "Horse-Giraffe": symmetric_paths(((0, 1), (0, 1), (0, 1), (1, 1)), 4, 4),
    # "one space orthogonally, followed by two spaces diagonally outward"
    "Horse-Zebra": symmetric_paths(((0, 1), (1, 1), (1, 1)), 3, 3),
    # One diagonal step, then outward orthogonal steps. "it must make a move of three or more steps; but it may
    # capture with a move of one or two steps": the one-step capture is the diagonal Leap (so the two bent
    # paths that share the diagonal square do not list it twice); the paths capture from step 2, move from 3.
    "Griffin": (Leap(DIAGONAL, CAPTURE), *symmetric_paths(((1, 1), (0, 1)), 3, 2, repeat=True)),
    # "a move of from one to seven steps", alternating orthogonal and diagonal, turning 45 degrees to one side.
    "Rhinoceros": _rhinoceros_paths(),
}
