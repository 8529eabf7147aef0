"""FIDE C.07 tie-breaks (1 August 2024 and 2026 editions) on plain records: the field they are computed over, the
rounds as C.07 §16 / §15 sort them, and the tie-breaks that only count (§7, §8.5-8.6, §12, the 2026 STD, TPN, RTNG).

Buchholz and Sonneborn-Berger (§8, §9, §16) are in :mod:`scoring.tiebreak_buchholz`, the rating tie-breaks (§10,
§11) in :mod:`scoring.tiebreak_rating`, direct encounter (§6) in :mod:`scoring.tiebreak_direct`; the ranking that
applies them in order is :mod:`scoring.standings`. docs/rules/tiebreaks.md says how each is read.

Game points generalise 1-½-0: a win is what one game hands out (``win``: 1 classical, 100 dynamic), a draw half
of it. What the rounds are (C.07 §16.2, Swiss): a game over the board, a pairing-allocated bye (16.2.1, "played"
for the tie-breaks that count rounds played), a forfeit won (16.2.2) or a full-point bye (16.2.3), a forfeit lost
(16.2.4, either side of a double forfeit included), and the rounds without an opponent after the player's last
round present (16.2.5). Unplayed rounds that give less than a win are "voluntarily unplayed" (VUR, §14.4).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from scoring.records import (
    BYE_KINDS,
    DOUBLE_FORFEIT,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    PAB,
    PENDING,
    PLAYED,
    ByeRecord,
    GameRecord,
    PlayerInfo,
    PlayerLine,
    RoundEntry,
)
from scoring.tiebreak_codes import TIEBREAKS, Tiebreak, parse_tiebreaks

__all__ = ["TIEBREAKS", "Field", "build_lines", "parse_tiebreaks"]


@dataclass
class Field:
    """What every tie-break of an event reads: the players' round lines and how the event is played."""

    lines: dict[int, PlayerLine]
    rounds: int
    win: float = 1.0
    round_robin: bool = False  # C.07 §15: forfeits in a round-robin are games (15.2); Article 16 is Swiss only (15.3)
    edition: str = "2026"
    cache: dict = field(default_factory=dict)

    @property
    def draw(self) -> float:
        return self.win / 2

    def entries(self, pid: int) -> list[tuple[int, RoundEntry]]:
        """Rounds 1..rounds of ``pid`` with a result (a game still pending counts nowhere until it has one)."""
        known = self.cache.setdefault("entries", {})
        found = known.get(pid)
        if found is None:
            rounds = self.lines[pid].rounds
            found = known[pid] = [(r, rounds[r]) for r in range(1, self.rounds + 1) if r in rounds and rounds[r].kind != PENDING]
        return found


def played(entry: RoundEntry) -> bool:
    """Over the board, or the pairing-allocated bye (C.07 16.2.1 lists it first among the rounds a player was
    present; FIDE's reference counts it as a round played: it is not a VUR and it is elected to play, §7.5)."""
    return entry.kind in (PLAYED, PAB)


def over_the_board(entry: RoundEntry) -> bool:
    return entry.kind == PLAYED


def is_vur(entry: RoundEntry, win: float) -> bool:
    """§14.4 voluntarily unplayed: an unplayed round that gave less than a win (a half- or zero-point bye, a
    forfeit lost, an absence); a forfeit won and a full-point bye are not."""
    return not played(entry) and entry.points < win


def build_lines(
    players: Iterable[PlayerInfo], games: Iterable[GameRecord], byes: Iterable[ByeRecord], rounds: int
) -> dict[int, PlayerLine]:
    """Every player's round entries for rounds 1..``rounds``; a round with nothing recorded is an absence."""
    lines = {p.player_id: PlayerLine(p) for p in players}
    for g in games:
        white, black = lines.get(g.white), lines.get(g.black)
        if white is None or black is None:
            continue  # a player not in this event's list (e.g. deleted registration): ignore the pairing
        if not g.final:
            white.rounds[g.round] = RoundEntry(PENDING, 0.0, g.black, "w", "")
            black.rounds[g.round] = RoundEntry(PENDING, 0.0, g.white, "b", "")
            continue
        if g.forfeit:
            w_kind, b_kind = _forfeit_kinds(g.white_points, g.black_points)
        else:
            w_kind = b_kind = PLAYED
        white.rounds[g.round] = RoundEntry(w_kind, g.white_points, g.black, "w", g.result)
        black.rounds[g.round] = RoundEntry(b_kind, g.black_points, g.white, "b", g.result)
    for b in byes:
        line = lines.get(b.player)
        if line is not None:
            line.rounds[b.round] = RoundEntry(BYE_KINDS[b.kind], b.points, None, "-", b.kind)
    for line in lines.values():
        for r in range(1, rounds + 1):
            if r not in line.rounds:
                line.rounds[r] = RoundEntry(BYE_KINDS["absent"], 0.0, None, "-", "absent")
        line.points = sum(e.points for e in line.rounds.values())
    return lines


def _forfeit_kinds(white_points: float, black_points: float) -> tuple[str, str]:
    if white_points > black_points:
        return FORFEIT_WIN, FORFEIT_LOSS
    if black_points > white_points:
        return FORFEIT_LOSS, FORFEIT_WIN
    return DOUBLE_FORFEIT, DOUBLE_FORFEIT


# --- the tie-breaks that count ------------------------------------------------------------------------------------


def score(f: Field, pid: int) -> float:
    """The points of rounds 1..rounds (what the tie-breaks call the player's score)."""
    return sum(e.points for _, e in f.entries(pid))


def count(f: Field, pid: int, code: str) -> float:
    """§7: WIN (7.1, rounds with a win's points: forfeit wins, full-point and pairing-allocated byes included),
    WON (7.2, games won over the board), BPG (7.3, games played over the board with Black), BWG (7.4, of those
    won), REP (7.5, rounds one elected to play: played, the pairing-allocated bye, won without playing)."""
    draw, win = f.draw, f.win
    tests = {
        "WIN": lambda e: e.points > draw,
        "WON": lambda e: e.points > draw and e.kind == PLAYED,
        "BPG": lambda e: e.colour == "b" and e.kind == PLAYED,
        "BWG": lambda e: e.colour == "b" and e.kind == PLAYED and e.points > draw,
        "REP": lambda e: played(e) or e.points >= win,
    }
    counts = tests[code]
    return float(sum(1 for _, e in f.entries(pid) if counts(e)))


def standard_points(f: Field, pid: int) -> float:
    """2026 STD: each round scored 1, ½ or 0 as its points were more than, equal to or less than a draw's."""
    return sum(1.0 if e.points > f.draw else 0.5 if e.points == f.draw else 0.0 for _, e in f.entries(pid))


def progressive(f: Field, pid: int, spec: Tiebreak) -> float:
    """§8.6 PS: the sum of the running scores after each round; -Cn leaves out the first n rounds' (§14.1)."""
    running, total = 0.0, 0.0
    points = {r: e.points for r, e in f.entries(pid)}
    for r in range(1, f.rounds + 1):
        running += points.get(r, 0.0)
        if r > spec.low:
            total += running
    return total


def koya(f: Field, pid: int) -> float:
    """§8.5 KS: the points scored against the opponents who scored at least half of the maximum possible
    (50 %; a round-robin's maximum leaves out its free rounds and the players never paired)."""
    limit = 0.5 * f.win * _koya_games(f)
    scores = f.cache.setdefault("scores", {})
    total = 0.0
    for _, e in f.entries(pid):
        if e.opponent is not None:
            opponent = scores.get(e.opponent)
            if opponent is None:
                opponent = scores[e.opponent] = score(f, e.opponent)
            if opponent >= limit:
                total += e.points
    return total


def _koya_games(f: Field) -> int:
    games = f.rounds
    if f.round_robin:
        n = len(f.lines)
        if n and f.rounds % n == 0:  # an odd field: every player has a free round in each cycle
            games -= f.rounds // n
        games -= sum(1 for pid in f.lines if not any(played(e) or e.opponent for _, e in f.entries(pid)))
    return games


def rating_of(info: PlayerInfo) -> int | None:
    """A player's rating for the tie-breaks; None when unrated (rating 0)."""
    return info.rating or None


def all_rated(f: Field) -> bool:
    """C.07 §10 needs a rating for every player (the regulations of the event give one to the unrated): without
    one, FIDE's reference gives no rating tie-break to anyone, and neither do we."""
    if "all_rated" not in f.cache:
        f.cache["all_rated"] = all(rating_of(line.info) is not None for line in f.lines.values())
    return f.cache["all_rated"]
