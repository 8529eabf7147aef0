"""FIDE C.07 (2023) tie-breaks on game points: BH, BH-C1, SB, DE, WIN, BPG.

Game points generalise 1-½-0: "a draw" is half of what one game hands out (``game_total``: 1 classical, 100
dynamic) and a result's weight in SB is the share of the game's points won. Unplayed rounds follow §16: a
player's own unplayed round counts as a game against a dummy scoring the player's own final score; an opponent's
unplayed rounds after the last round they were present count as draws in their adjusted score; Cut-1 removes a
voluntarily unplayed round first. Forfeits are unplayed (no modifier P).
"""

from __future__ import annotations

from collections.abc import Iterable

from scoring.records import (
    BYE_KINDS,
    DOUBLE_FORFEIT,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    PENDING,
    PLAYED,
    PRESENT,
    UNPLAYED,
    VOLUNTARILY_UNPLAYED,
    ByeRecord,
    GameRecord,
    PlayerInfo,
    PlayerLine,
    RoundEntry,
)

TIEBREAKS = ("BH-C1", "BH", "SB", "DE", "WIN", "BPG")
TIEBREAK_NAMES = {
    "BH-C1": "Buchholz cut-1",
    "BH": "Buchholz",
    "SB": "Sonneborn-Berger",
    "DE": "Direct encounter",
    "WIN": "Number of wins",
    "BPG": "Games played with Black",
}


def parse_tiebreaks(text: str | Iterable[str]) -> list[str]:
    """``"BH-C1, BH,SB"`` -> ``["BH-C1", "BH", "SB"]``; raises ValueError naming an unknown code."""
    codes = [c.strip().upper() for c in (text.split(",") if isinstance(text, str) else text)]
    codes = [c for c in codes if c]
    unknown = [c for c in codes if c not in TIEBREAKS]
    if unknown:
        raise ValueError(f"unknown tie-break {', '.join(unknown)}; choose from {', '.join(TIEBREAKS)}")
    if len(set(codes)) != len(codes):
        raise ValueError("a tie-break is listed twice")
    return codes


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


def adjusted_scores(lines: dict[int, PlayerLine], draw: float) -> dict[int, float]:
    """§16.3: each player's score for the opponents' tie-breaks, unplayed rounds after the last present round as draws."""
    adjusted: dict[int, float] = {}
    for pid, line in lines.items():
        last_present = max((r for r, e in line.rounds.items() if e.kind in PRESENT), default=0)
        score = line.points
        for r, e in line.rounds.items():
            if r > last_present and e.kind in VOLUNTARILY_UNPLAYED:
                score += draw - e.points
        adjusted[pid] = score
    return adjusted


def opponent_values(line: PlayerLine, adjusted: dict[int, float]) -> list[tuple[float, float, bool]]:
    """Per round: (opponent value, own points, voluntarily unplayed). Pending rounds count nowhere yet."""
    values = []
    for e in line.rounds.values():
        if e.kind == PLAYED:
            values.append((adjusted[e.opponent], e.points, False))
        elif e.kind in UNPLAYED:
            values.append((line.points, e.points, e.kind in VOLUNTARILY_UNPLAYED))
    return values


def buchholz(values: list[tuple[float, float, bool]]) -> float:
    return sum(v for v, _, _ in values)


def buchholz_cut1(values: list[tuple[float, float, bool]]) -> float:
    """Buchholz minus the least significant value; a voluntarily unplayed round is cut first (§16.5)."""
    if not values:
        return 0.0
    voluntary = [v for v, _, vur in values if vur]
    cut = min(voluntary) if voluntary else min(v for v, _, _ in values)
    return buchholz(values) - cut


def sonneborn_berger(values: list[tuple[float, float, bool]], game_total: float) -> float:
    """Σ opponent value × share of the game's points won (1, ½, 0 in classical scoring)."""
    return sum(v * own / game_total for v, own, _ in values)


def wins(line: PlayerLine, game_total: float) -> int:
    """§7.1: rounds with more than a draw's points (wins, forfeit wins, a pairing-allocated bye)."""
    half = game_total / 2
    return sum(1 for e in line.rounds.values() if e.kind != PENDING and e.points > half)


def black_games(line: PlayerLine) -> int:
    """§7.3: games played over the board with Black."""
    return sum(1 for e in line.rounds.values() if e.kind == PLAYED and e.colour == "b")


def direct_encounter(group: list[int], lines: dict[int, PlayerLine], game_total: float) -> dict[int, tuple[float, float]]:
    """§6 for one tie group: player -> (points scored against the group, sort value).

    All met: the sort value is that score. Otherwise a player is ranked above the rest only if their score beats
    what every other could reach by winning the missing games; those separated from the top get descending
    values above every unseparated player, who all get 0.
    """
    members = set(group)
    scores: dict[int, float] = {}
    met: dict[int, set[int]] = {}
    for pid in group:
        s = 0.0
        seen: set[int] = set()
        for e in lines[pid].rounds.values():
            if e.kind == PLAYED and e.opponent in members:
                s += e.points
                seen.add(e.opponent)
        scores[pid] = s
        met[pid] = seen
    if all(len(met[pid]) == len(group) - 1 for pid in group):
        return {pid: (scores[pid], scores[pid]) for pid in group}
    values = {pid: (scores[pid], 0.0) for pid in group}
    remaining = list(group)
    level = float(len(group))
    while len(remaining) > 1:
        best = max(remaining, key=lambda p: scores[p])
        reach = max(scores[q] + game_total * (len(group) - 1 - len(met[q])) for q in remaining if q != best)
        if scores[best] <= reach:
            break
        values[best] = (scores[best], level)
        level -= 1
        remaining.remove(best)
    return values
