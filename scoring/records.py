"""Plain records the standings code works on: players, games and byes, free of any database."""

from __future__ import annotations

from dataclasses import dataclass, field

# What a round was for one player.
PLAYED = "played"  # a game over the board with a final result
PENDING = "pending"  # paired, no final result yet: counted nowhere until it has one
FORFEIT_WIN = "forfeit-win"  # the opponent did not turn up
FORFEIT_LOSS = "forfeit-loss"
DOUBLE_FORFEIT = "double-forfeit"
PAB = "pairing-bye"  # pairing-allocated bye (odd number of players)
REQUESTED_BYE = "requested-bye"
ABSENT = "absent"  # a zero-point bye, or simply not paired (late entry, withdrawal)

# FIDE C.07 §16: voluntarily unplayed rounds, the first ones Cut-1 removes.
VOLUNTARILY_UNPLAYED = frozenset({REQUESTED_BYE, ABSENT, FORFEIT_LOSS, DOUBLE_FORFEIT})
UNPLAYED = VOLUNTARILY_UNPLAYED | {FORFEIT_WIN, PAB}
# Rounds in which the player was present and willing: later unplayed rounds count as draws for opponents (§16.3).
PRESENT = frozenset({PLAYED, FORFEIT_WIN, PAB})

BYE_KINDS = {"pairing": PAB, "requested": REQUESTED_BYE, "absent": ABSENT}


@dataclass(frozen=True)
class PlayerInfo:
    player_id: int
    name: str
    rating: int = 0
    federation: str = ""
    seed: int = 0  # starting rank; breaks the last ties for a stable order


@dataclass(frozen=True)
class GameRecord:
    """One pairing. ``final`` False means no result yet; ``forfeit`` True means not played over the board."""

    round: int
    white: int
    black: int
    white_points: float = 0.0
    black_points: float = 0.0
    result: str = ""
    final: bool = True
    forfeit: bool = False


@dataclass(frozen=True)
class ByeRecord:
    round: int
    player: int
    kind: str  # pairing, requested, absent
    points: float


@dataclass(slots=True)
class RoundEntry:
    """One player's round as the tie-breaks see it."""

    kind: str
    points: float = 0.0
    opponent: int | None = None
    colour: str = "-"  # w, b or -
    result: str = ""


@dataclass(slots=True)
class PlayerLine:
    info: PlayerInfo
    rounds: dict[int, RoundEntry] = field(default_factory=dict)
    points: float = 0.0
