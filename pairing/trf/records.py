"""The records of a TRF file (FIDE TRF-16 with TRF(x)): players, their rounds, the tournament's options and point
values, and what they say about the rounds played. Read by :mod:`.reading`, written by :mod:`.writing`."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

RESULT_CODES = frozenset("+-WDL1=0HFUZ ")  # TRF-16: forfeits, unrated and rated games, byes, not paired
PLAYED = frozenset("WDL1=0")
NO_OPPONENT_ONLY = frozenset("HFUZ ")  # byes and "not paired" never name an opponent
WIN, DRAW = frozenset("+W1FU"), frozenset("D=H")
FIRST_ROUND_COLUMN = 92  # 1-based column of round 1's opponent; each round takes 10 columns


class TrfError(ValueError):
    """A fault in a TRF file: ``line L, column C: reason`` (one line)."""

    def __init__(self, line: int, column: int, reason: str) -> None:
        super().__init__(f"line {line}, column {column}: {reason}")
        self.line, self.column, self.reason = line, column, reason


@dataclass(frozen=True)
class PointSystem:
    """Points in tenths for each kind of round (bbpPairings' BBW ... BBU; the FIDE default is 1, ½, 0)."""

    win: int = 10
    draw: int = 5
    loss: int = 0
    zero_bye: int = 0
    forfeit_loss: int = 0
    pairing_bye: int = 10


@dataclass(frozen=True)
class RoundEntry:
    """One player's round: opponent start number (None: no opponent), colour ``w``/``b``/``-``, TRF result code."""

    opponent: int | None
    colour: str
    result: str

    @property
    def played(self) -> bool:
        """A game over the board (forfeits and byes are not: they give no colour and allow a rematch)."""
        return self.opponent is not None and self.result in PLAYED

    @property
    def paired(self) -> bool:
        """The player took part in the pairing of this round: a game, a forfeit or the pairing-allocated bye."""
        return self.opponent is not None or self.result in ("U", "+")

    def points(self, system: PointSystem) -> int:
        if self.result in WIN:
            return system.pairing_bye if self.opponent is None and self.result in "U+" else system.win
        if self.result in DRAW:
            return system.draw
        if not self.paired:
            return system.zero_bye
        return system.loss if self.played else system.forfeit_loss


NOT_PAIRED = RoundEntry(None, "-", " ")


@dataclass
class TrfPlayer:
    number: int
    name: str = ""
    rating: int = 0
    points: int = 0
    rounds: list[RoundEntry] = field(default_factory=list)
    sex: str = ""
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    birth: str = ""
    line: int = 0  # where the player was read (0 when built in code)


@dataclass
class TrfTournament:
    players: list[TrfPlayer] = field(default_factory=list)
    total_rounds: int | None = None
    initial_colour: str | None = None  # "w" or "b": the colour of the top player in round 1 (XXC white1/black1)
    by_rank: bool = False  # XXC rank: pairing numbers follow the order of the 001 lines
    forbidden: list[tuple[int, ...]] = field(default_factory=list)
    accelerations: dict[int, list[int]] = field(default_factory=dict)  # start number -> tenths per round
    points: PointSystem = field(default_factory=PointSystem)
    baku: bool = False  # 192 FIDE_DUTCH_BAKU: Baku acceleration computed by the engine
    headers: list[str] = field(default_factory=list)
    xxr_line: int = 0  # the line of XXR or 142
    rounds_code: str = "XXR"  # which record gave the rounds: XXR (TRF(x)) or 142 (TRF-2026)

    def player(self, number: int) -> TrfPlayer:
        return next(p for p in self.players if p.number == number)


# bbpPairings' point values: TRF code -> field of PointSystem (read from the file, written when not the default)
POINT_CODES = {"BBW": "win", "BBD": "draw", "BBL": "loss", "BBZ": "zero_bye", "BBF": "forfeit_loss", "BBU": "pairing_bye"}


def played_rounds(tournament: TrfTournament) -> int:
    """Rounds already paired, as bbpPairings counts them: the last round in which anyone took part in the pairing.

    Entries after it are absences entered in advance for the round to pair (H, Z, F: requested byes, withdrawals,
    late entries not yet arrived). When every player has such an entry, that round counts as played.
    """
    played = 0
    for player in tournament.players:
        for index, entry in enumerate(player.rounds):
            played = max(played, index + 1 if entry.paired else index)
    if tournament.players and all(len(p.rounds) > played for p in tournament.players):
        played += 1
    return played


def state_before_round(tournament: TrfTournament, round_number: int) -> TrfTournament:
    """The tournament as it stood when ``round_number`` was to be paired: the earlier rounds, plus the absences
    already entered for that round (requested byes, withdrawals, late entries not yet arrived)."""
    cut, players = round_number - 1, []
    for player in tournament.players:
        rounds = list(player.rounds[:cut])
        if cut < len(player.rounds) and not player.rounds[cut].paired:
            rounds.append(player.rounds[cut])
        while rounds and rounds[-1] == NOT_PAIRED:
            rounds.pop()
        points = sum(entry.points(tournament.points) for entry in rounds[:cut])
        players.append(replace(player, rounds=rounds, points=points))
    return replace(tournament, players=players)
