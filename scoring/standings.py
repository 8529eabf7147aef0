"""Standings: points, then the event's tie-breaks in order, then rank (equal keys share a rank)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from scoring.records import PLAYED, ByeRecord, GameRecord, PlayerInfo, PlayerLine
from scoring.tiebreaks import (
    adjusted_scores,
    black_games,
    buchholz,
    buchholz_cut1,
    build_lines,
    direct_encounter,
    opponent_values,
    parse_tiebreaks,
    sonneborn_berger,
    wins,
)


@dataclass
class Standing:
    rank: int
    info: PlayerInfo
    points: float
    games: int
    wins: int
    tiebreaks: dict[str, float]
    colours: str


def compute_standings(
    players: Iterable[PlayerInfo],
    games: Iterable[GameRecord],
    byes: Iterable[ByeRecord],
    *,
    rounds: int,
    tiebreaks: str | Iterable[str],
    game_total: float,
) -> tuple[list[Standing], dict[int, PlayerLine]]:
    """The ranked standings and every player's round lines (for the crosstable)."""
    order = parse_tiebreaks(tiebreaks)
    lines = build_lines(players, games, byes, rounds)
    adjusted = adjusted_scores(lines, game_total / 2)
    win_counts = {pid: wins(line, game_total) for pid, line in lines.items()}
    values = {
        pid: _tiebreak_values(order, opponent_values(line, adjusted), line, win_counts[pid], game_total)
        for pid, line in lines.items()
    }
    keys = _sort_keys(order, lines, values, game_total)
    ordered = sorted(lines, key=lambda pid: (keys[pid], lines[pid].info.seed, lines[pid].info.name, pid))
    standings: list[Standing] = []
    previous_key: list[float] | None = None
    rank = 0
    for position, pid in enumerate(ordered, start=1):
        if keys[pid] != previous_key:
            rank = position
            previous_key = keys[pid]
        line = lines[pid]
        standings.append(
            Standing(
                rank=rank,
                info=line.info,
                points=line.points,
                games=sum(1 for e in line.rounds.values() if e.kind == PLAYED),
                wins=win_counts[pid],
                tiebreaks={code: values[pid][code] for code in order},
                colours="".join(line.rounds[r].colour.upper() for r in sorted(line.rounds)),
            )
        )
    return standings, lines


def _tiebreak_values(
    order: list[str], opp: list[tuple[float, float, bool]], line: PlayerLine, win_count: int, game_total: float
) -> dict[str, float]:
    """One player's tie-break values, DE aside (it depends on who is tied; see :func:`_sort_keys`)."""
    tb: dict[str, float] = {}
    for code in order:
        if code == "BH":
            tb[code] = buchholz(opp)
        elif code == "BH-C1":
            tb[code] = buchholz_cut1(opp)
        elif code == "SB":
            tb[code] = sonneborn_berger(opp, game_total)
        elif code == "WIN":
            tb[code] = float(win_count)
        elif code == "BPG":
            tb[code] = float(black_games(line))
    return tb


def _sort_keys(
    order: list[str], lines: dict[int, PlayerLine], values: dict[int, dict[str, float]], game_total: float
) -> dict[int, list[float]]:
    """Each player's sort key; fills in the DE values as it goes."""
    # Sort keys grow one criterion at a time, because DE depends on who is still tied at that point.
    keys: dict[int, list[float]] = {pid: [-_round(line.points)] for pid, line in lines.items()}
    for code in order:
        if code == "DE":
            groups: dict[tuple[float, ...], list[int]] = defaultdict(list)
            for pid, key in keys.items():
                groups[tuple(key)].append(pid)
            for group in groups.values():
                if len(group) == 1:
                    values[group[0]]["DE"] = 0.0
                    keys[group[0]].append(0.0)
                    continue
                for pid, (shown, sort_value) in direct_encounter(group, lines, game_total).items():
                    values[pid]["DE"] = shown
                    keys[pid].append(-_round(sort_value))
        else:
            for pid in keys:
                keys[pid].append(-_round(values[pid][code]))
    return keys


def _round(value: float) -> float:
    # Sums of halves and game points are exact in binary up to here, but SB shares (e.g. 51/100) are not:
    # rounding keeps equal values equal when comparing.
    return round(value, 6)
