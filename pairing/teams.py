"""Pairing teams (issue 27), pure Python: the boards of a match, the schedules of a team match and a team
round-robin, and a team Swiss by the FIDE Dutch system on match points (the Olympiad's way), through the teams'
TRF: each team is one TRF player whose points are its match points, so the Dutch engine (and bbpPairings, which
it matches) pairs the file as it pairs any other. The first-named team of a match is the one the engine gives
White: it has White on the odd boards (C.04 team rules, scoring.teams.first_team_colour).
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.dutch import pair_dutch
from pairing.roundrobin import berger_rounds
from pairing.trf import PointSystem, RoundEntry, TrfPlayer, TrfTournament
from scoring.teams import MatchPoints, first_team_colour

Match = tuple[int, int | None]  # (first-named team, second team or None: a bye), by starting number


def board_pairs(first: list[int], second: list[int]) -> list[tuple[int, int]]:
    """The (white, black) players of each board of a match, board 1 first: the line-ups board by board, the
    first-named team White on the odd boards."""
    if len(first) != len(second):
        raise ValueError("both line-ups have as many boards")
    return [(a, b) if first_team_colour(i) == "w" else (b, a) for i, (a, b) in enumerate(zip(first, second, strict=True), 1)]


def match_rounds(rounds: int) -> list[list[Match]]:
    """A team match of ``rounds`` rounds between teams 1 and 2: the first-named team alternates, team 1 first."""
    return [[(1, 2) if r % 2 == 1 else (2, 1)] for r in range(1, rounds + 1)]


def round_robin_rounds(teams: int, double: bool = False) -> list[list[Match]]:
    """The Berger table of ``teams`` (FIDE C.05 Annex 1), the first-named team as the table's White; with an odd
    count the dummy's opponent has a bye. Double: the second cycle with the first-named teams swapped."""
    size = teams + teams % 2
    cycle = [[(a, b) for a, b in pairs] for pairs in berger_rounds(size)]
    rounds = cycle + ([[(b, a) for a, b in pairs] for pairs in cycle] if double else [])
    out = []
    for pairs in rounds:
        matches: list[Match] = []
        for a, b in pairs:
            if a > teams or b > teams:
                matches.append((min(a, b), None))  # the real team of a pair with the dummy sits out
            else:
                matches.append((a, b))
        out.append(sorted(matches, key=lambda m: m[1] is None))  # the bye last
    return out


@dataclass(frozen=True)
class TeamResult:
    """A team's round in a Swiss: the opponent's starting number (None: bye), first-named or not, its match points."""

    opponent: int | None
    first_named: bool
    match_points: float


def swiss_trf(teams: list[tuple[int, str, int]], history: dict[int, list[TeamResult]], total_rounds: int,
              points: MatchPoints, first_white: bool = True) -> TrfTournament:  # fmt: skip
    """The teams' TRF: one player line per team (starting number, name, rating), its rounds as its matches (the
    first-named team as White), its points its match points (in tenths; the win, draw and loss values as
    bbpPairings' BBW, BBD, BBL; a bye scores a drawn match, BBU)."""
    system = PointSystem(win=round(points.win * 10), draw=round(points.draw * 10), loss=round(points.loss * 10),
                         pairing_bye=round(points.draw * 10))  # fmt: skip
    players = []
    for number, name, rating in teams:
        rounds = [_entry(r, points) for r in history.get(number, [])]
        tenths = sum(round(r.match_points * 10) for r in history.get(number, []))
        players.append(TrfPlayer(number=number, name=name, rating=rating, points=tenths, rounds=rounds))
    return TrfTournament(players=players, total_rounds=total_rounds, initial_colour="w" if first_white else "b",
                         points=system)  # fmt: skip


def _entry(result: TeamResult, points: MatchPoints) -> RoundEntry:
    if result.opponent is None:
        return RoundEntry(None, "-", "U")
    code = "W" if result.match_points == points.win else ("L" if result.match_points == points.loss else "D")
    if points.win == points.draw == points.loss:  # degenerate points: still a result code the engine reads
        code = "D"
    return RoundEntry(result.opponent, "w" if result.first_named else "b", code)


def swiss_round(tournament: TrfTournament) -> list[Match]:
    """The next round of a team Swiss by the Dutch engine: the matches, top first, the bye (if any) last."""
    pairing = pair_dutch(tournament)
    matches: list[Match] = [(white, black) for white, black in pairing.boards]
    if pairing.bye is not None:
        matches.append((pairing.bye, None))
    return matches
