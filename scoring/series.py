"""A series table (a season of events): each event gives a player series points, the best K of them count.

Pure Python, no Django: the ratings app reads each event's final standings into :class:`Placing` s and calls
:func:`series_table`. The series' rule (docs/organizer-guide.md, "Series"):

- an event gives a player ``points[rank - 1]`` of the series' points table (0 past its end), or, under
  ``game_points``, the game points the player scored in it;
- a player's total is the sum of their best ``best_of`` events;
- ties are broken by the sum over every event played (the results that did not count included), then by the best
  single results compared one by one from the best down, then by fewer events needed; players still level share
  the rank.
"""

from __future__ import annotations

from dataclasses import dataclass, field

GAME_POINTS = "game_points"


@dataclass(frozen=True)
class Placing:
    """A player's final place in one event: the player's identity, rank and game points."""

    who: str
    rank: int
    game_points: float


@dataclass
class Contribution:
    rank: int
    game_points: float
    points: float
    counted: bool = False


@dataclass
class Row:
    who: str
    total: float = 0.0
    rank: int = 0
    events: list[Contribution | None] = field(default_factory=list)

    def order_key(self) -> tuple:
        played = [c.points for c in self.events if c is not None]
        return (-self.total, -sum(played), [-p for p in sorted(played, reverse=True)], len(played))


def event_points(placing: Placing, points: list[float] | str) -> float:
    """What one event gives a player under the series' points rule."""
    if points == GAME_POINTS:
        return placing.game_points
    assert isinstance(points, list)
    return float(points[placing.rank - 1]) if 1 <= placing.rank <= len(points) else 0.0


def series_table(events: list[list[Placing]], best_of: int, points: list[float] | str) -> list[Row]:
    """The table: one row per player who played any of ``events`` (in the series' order), ranked by the rule."""
    rows: dict[str, Row] = {}
    for index, placings in enumerate(events):
        for placing in placings:
            row = rows.setdefault(placing.who, Row(placing.who, events=[None] * len(events)))
            row.events[index] = Contribution(placing.rank, placing.game_points, event_points(placing, points))
    for row in rows.values():
        played = sorted((c for c in row.events if c is not None), key=lambda c: -c.points)
        for contribution in played[:best_of]:
            contribution.counted = True
        row.total = sum(c.points for c in played[:best_of])
    ordered = sorted(rows.values(), key=Row.order_key)
    for position, row in enumerate(ordered, start=1):
        before = ordered[position - 2] if position > 1 else None
        row.rank = before.rank if before is not None and before.order_key() == row.order_key() else position
    return ordered
