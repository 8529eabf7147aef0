"""Team events (issue 27): a match's match points from its board points, the colours of its boards, and the team
standings with the team tie-breaks of FIDE C.07. Pure Python, no Django: the records come in plain.

A match is between a *first-named* team and a second (FIDE C.04 team rules: the first-named team has White on the
odd boards). Its board points are its boards' game points under the event's scoring profile; the team that scores
more wins the match (``MatchPoints``: 2/1/0 unless the event says otherwise).

Tie-breaks (after match points, then board points), in the order the event lists them:

- ``OSB`` Olympiad Sonneborn-Berger: over each opponent met, the opponent's match points times the board points
  scored against it (C.07 for team events; no opponent is left out).
- ``BH-MP`` Buchholz of match points: the sum of the opponents' match points.
- ``DE`` direct encounter: among the teams equal on everything before it, the match points scored in their matches
  with each other, when every two of them met (else it separates nobody: 0 for each).

A pairing-allocated bye scores a drawn match's match points and half the boards (the Olympiad's rule), and counts
for no opponent's tie-breaks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

TIEBREAKS = ("OSB", "BH-MP", "DE")
TIEBREAK_NAMES = {
    "OSB": "Olympiad Sonneborn-Berger",
    "BH-MP": "Buchholz of match points",
    "DE": "Direct encounter",
}


@dataclass(frozen=True)
class MatchPoints:
    win: float = 2
    draw: float = 1
    loss: float = 0

    @classmethod
    def parse(cls, text: str) -> MatchPoints:
        """``"2,1,0"`` (win, draw, loss); ValueError naming what is wrong."""
        parts = [p.strip() for p in (text or "").split(",")]
        if len(parts) != 3:
            raise ValueError("match points are three numbers: win, draw, loss (e.g. 2,1,0)")
        try:
            win, draw, loss = (float(p) for p in parts)
        except ValueError:
            raise ValueError(f"match points {text!r} are not three numbers") from None
        if not win >= draw >= loss >= 0:
            raise ValueError("match points go win >= draw >= loss >= 0")
        return cls(win, draw, loss)

    def text(self) -> str:
        return ",".join(f"{v:g}" for v in (self.win, self.draw, self.loss))


@dataclass(frozen=True)
class TeamMatchRecord:
    """One match of a round: ``second`` None is the first team's pairing-allocated bye."""

    round: int
    first: int
    second: int | None
    first_points: float = 0.0
    second_points: float = 0.0
    boards: int = 0


def first_team_colour(board: int) -> str:
    """The colour of the first-named team on ``board`` (1-based): White on the odd boards (C.04 team rules)."""
    if board < 1:
        raise ValueError("boards are numbered from 1")
    return "w" if board % 2 == 1 else "b"


def match_points(match: TeamMatchRecord, points: MatchPoints) -> tuple[float, float]:
    """(first, second) match points of a finished match; a bye: a drawn match's for the first team."""
    if match.second is None:
        return points.draw, 0.0
    if match.first_points > match.second_points:
        return points.win, points.loss
    if match.first_points < match.second_points:
        return points.loss, points.win
    return points.draw, points.draw


def board_points(match: TeamMatchRecord) -> tuple[float, float]:
    if match.second is None:
        return match.boards / 2, 0.0
    return match.first_points, match.second_points


@dataclass
class TeamRow:
    team: int
    match_points: float = 0.0
    board_points: float = 0.0
    tiebreaks: dict[str, float] = field(default_factory=dict)
    rank: int = 0
    matches: int = 0


@dataclass
class _Meeting:
    opponent: int
    mp: float
    bp: float


def _meetings(teams: list[int], matches: list[TeamMatchRecord], points: MatchPoints) -> dict[int, list]:
    met: dict[int, list] = {t: [] for t in teams}
    for m in matches:
        mp1, mp2 = match_points(m, points)
        bp1, bp2 = board_points(m)
        met.setdefault(m.first, []).append(_Meeting(-1 if m.second is None else m.second, mp1, bp1))
        if m.second is not None:
            met.setdefault(m.second, []).append(_Meeting(m.first, mp2, bp2))
    return met


def team_standings(teams: list[int], matches: list[TeamMatchRecord], points: MatchPoints | None = None,
                   tiebreaks: tuple[str, ...] = TIEBREAKS) -> list[TeamRow]:  # fmt: skip
    """The teams ranked by match points, board points, then ``tiebreaks`` in order; equal teams share a rank and
    keep the order of ``teams`` (their starting order)."""
    points = points or MatchPoints()
    unknown = [code for code in tiebreaks if code not in TIEBREAKS]
    if unknown:
        raise ValueError(f"unknown team tie-break {unknown[0]!r}: one of {', '.join(TIEBREAKS)}")
    met = _meetings(teams, matches, points)
    rows = {t: TeamRow(t, sum(x.mp for x in met[t]), sum(x.bp for x in met[t]), matches=len(met[t])) for t in met}
    for row in rows.values():
        real = [x for x in met[row.team] if x.opponent >= 0]
        for code in tiebreaks:
            if code == "OSB":
                row.tiebreaks[code] = sum(rows[x.opponent].match_points * x.bp for x in real)
            elif code == "BH-MP":
                row.tiebreaks[code] = sum(rows[x.opponent].match_points for x in real)
    if "DE" in tiebreaks:
        _direct_encounter(rows, met, tiebreaks[: tiebreaks.index("DE")])
    start = {t: i for i, t in enumerate(met)}

    def key(row: TeamRow) -> tuple:
        return (-row.match_points, -row.board_points, *(-row.tiebreaks[c] for c in tiebreaks))

    ordered = sorted(rows.values(), key=lambda r: (key(r), start[r.team]))
    for i, row in enumerate(ordered):
        row.rank = ordered[i - 1].rank if i and key(ordered[i - 1]) == key(row) else i + 1
    return ordered


def _direct_encounter(rows: dict[int, TeamRow], met: dict[int, list], before: tuple[str, ...]) -> None:
    """DE for each group equal on match points, board points and the tie-breaks listed before it."""
    groups: dict[tuple, list[int]] = {}
    for row in rows.values():
        groups.setdefault((row.match_points, row.board_points, *(row.tiebreaks[c] for c in before)), []).append(row.team)
    for group in groups.values():
        inside = set(group)
        everyone_met = all({x.opponent for x in met[t]} >= inside - {t} for t in group)
        for team in group:
            mutual = sum(x.mp for x in met[team] if x.opponent in inside) if len(group) > 1 and everyone_met else 0.0
            rows[team].tiebreaks["DE"] = mutual
