"""Standings: points, then the event's tie-breaks in order (FIDE C.07), then equal rank for players still tied.

Each tie-break re-ranks only players tied on everything before it, as C.07 §2 orders them; DE is computed on the
groups tied when it comes in the list (§6). Players still tied share a rank and are listed by pairing number.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scoring.records import PLAYED, ByeRecord, GameRecord, PlayerInfo, PlayerLine
from scoring.tiebreak_codes import Tiebreak, read_code
from scoring.tiebreak_registry import Ties
from scoring.tiebreaks import Field, build_lines, count, parse_tiebreaks


@dataclass
class Standing:
    rank: int
    info: PlayerInfo
    points: float
    games: int
    wins: int
    tiebreaks: dict[str, float | None]
    colours: str


def compute_standings(
    players: Iterable[PlayerInfo],
    games: Iterable[GameRecord],
    byes: Iterable[ByeRecord],
    *,
    rounds: int,
    tiebreaks: str | Iterable[str],
    game_total: float,
    round_robin: bool = False,
    edition: str = "2026",
) -> tuple[list[Standing], dict[int, PlayerLine]]:
    """The ranked standings and every player's round lines (for the crosstable).

    ``round_robin`` chooses C.07 Article 15 over Article 16 for unplayed games; ``edition`` the C.07 text ("2024":
    1 August 2024, "2026": with the caps of 16.4.1 and 16.4.2)."""
    order = parse_tiebreaks(tiebreaks)
    lines = build_lines(players, games, byes, rounds)
    f = Field(lines, rounds, float(game_total), round_robin, edition)
    ranked, values = rank_players(f, [read_code(code) for code in order])
    standings = [
        Standing(
            rank=rank,
            info=lines[pid].info,
            points=lines[pid].points,
            games=sum(1 for e in lines[pid].rounds.values() if e.kind == PLAYED),
            wins=int(count(f, pid, "WIN")),
            tiebreaks={code: values[code][pid] for code in order},
            colours="".join(lines[pid].rounds[r].colour.upper() for r in sorted(lines[pid].rounds)),
        )
        for pid, rank in ranked
    ]
    return standings, lines


def tiebreak_values(f: Field, spec: Tiebreak, ties: Ties) -> dict[int, float | None]:
    """Every player's value of one tie-break, as its registered kind computes it (scoring.tiebreak_registry)."""
    return spec.kind.values(f, spec, ties)


def rank_players(f: Field, specs: list[Tiebreak]) -> tuple[list[tuple[int, int]], dict[str, dict[int, float | None]]]:
    """[(player, rank)] in standings order, and each tie-break's values by player."""
    start = {pid: (line.info.seed, line.info.name, pid) for pid, line in f.lines.items()}
    points = {pid: _exact(line.points) for pid, line in f.lines.items()}
    order = sorted(f.lines, key=lambda p: (-points[p], start[p]))
    rank = _ranks(order, points, dict.fromkeys(order, 1))
    values: dict[str, dict[int, float | None]] = {}
    for spec in specs:
        found = tiebreak_values(f, spec, Ties(list(order), dict(rank), start))
        values[spec.code] = found
        keys = {p: _exact(v) for p, v in found.items()}
        order.sort(key=lambda p: (rank[p], *_order_key(keys[p], spec.ascending), start[p]))
        rank = _ranks(order, keys, rank)
    return [(pid, rank[pid]) for pid in order], values


def _order_key(value: float | None, ascending: bool) -> tuple[bool, float]:
    """A missing value (a rating tie-break without ratings) comes after every value."""
    if value is None:
        return (True, 0.0)
    return (False, value if ascending else -value)


def _ranks(order: list[int], keys: dict, before: dict[int, int]) -> dict[int, int]:
    """Rank by position; a player keeps the rank of the one above when tied with them before and on ``keys``."""
    rank: dict[int, int] = {}
    for position, pid in enumerate(order, start=1):
        above = order[position - 2] if position > 1 else None
        tied = above is not None and before[above] == before[pid] and keys[above] == keys[pid]
        rank[pid] = rank[above] if tied else position
    return rank


def _exact(value: float | None) -> float | None:
    # Sums of halves are exact in binary, but SB shares of game points (e.g. 51/100) are not: rounding keeps
    # equal values equal when comparing.
    return None if value is None else round(value, 6)
