"""Team standings without a database (scoring.teams): match points from board points (2/1/0 unless told), the
first-named team's colours by board, and the C.07 team tie-breaks on hand-computed tables."""

from __future__ import annotations

import pytest

from scoring.teams import MatchPoints, TeamMatchRecord, first_team_colour, match_points, team_standings

A, B, C, D = 1, 2, 3, 4
# A team round-robin of four teams of four (Berger table), board points of the first-named team first.
MATCHES = [
    TeamMatchRecord(1, A, D, 3, 1, 4), TeamMatchRecord(1, B, C, 2, 2, 4),
    TeamMatchRecord(2, A, B, 1.5, 2.5, 4), TeamMatchRecord(2, D, C, 2, 2, 4),
    TeamMatchRecord(3, C, A, 2, 2, 4), TeamMatchRecord(3, B, D, 3.5, 0.5, 4),
]  # fmt: skip


def test_the_first_named_team_has_white_on_the_odd_boards():
    assert [first_team_colour(b) for b in range(1, 7)] == ["w", "b", "w", "b", "w", "b"]
    with pytest.raises(ValueError):
        first_team_colour(0)


def test_match_points_go_to_the_team_that_scored_more_boards():
    points = MatchPoints()
    assert match_points(TeamMatchRecord(1, A, B, 2.5, 1.5, 4), points) == (2, 0)
    assert match_points(TeamMatchRecord(1, A, B, 2, 2, 4), points) == (1, 1)
    assert match_points(TeamMatchRecord(1, A, B, 0.5, 3.5, 4), MatchPoints.parse("3,1,0")) == (0, 3)
    assert match_points(TeamMatchRecord(1, A, None, 0, 0, 4), points) == (1, 0)  # a bye: a drawn match
    for bad in ("2,1", "a,b,c", "1,2,0"):
        with pytest.raises(ValueError):
            MatchPoints.parse(bad)


def test_the_round_robin_table_matches_the_hand_computed_one():
    rows = team_standings([A, B, C, D], MATCHES)
    table = [(r.rank, r.team, r.match_points, r.board_points, r.tiebreaks["OSB"], r.tiebreaks["BH-MP"], r.tiebreaks["DE"])
             for r in rows]  # fmt: skip
    # OSB: each opponent's match points times the board points scored against it, e.g. A: 1*3 + 5*1.5 + 3*2.
    assert table == [
        (1, B, 5, 8.0, 17.0, 7, 0),
        (2, A, 3, 6.5, 16.5, 9, 0),
        (3, C, 3, 6.0, 18.0, 9, 0),
        (4, D, 1, 3.5, 11.5, 11, 0),
    ]


def test_direct_encounter_separates_only_teams_that_all_met():
    # A cycle: each beats one and loses to one by 2.5-1.5: equal on everything, DE 2 each, one shared rank.
    cycle = [TeamMatchRecord(1, A, B, 2.5, 1.5, 4), TeamMatchRecord(2, B, C, 2.5, 1.5, 4), TeamMatchRecord(3, C, A, 2.5, 1.5, 4)]
    rows = team_standings([A, B, C], cycle)
    assert [(r.rank, r.team, r.tiebreaks["DE"]) for r in rows] == [(1, A, 2), (1, B, 2), (1, C, 2)]
    # A and B equal on match and board points, and A won their match: A first; D is equal on match points only.
    met = [TeamMatchRecord(1, A, B, 2.5, 1.5, 4), TeamMatchRecord(2, A, D, 1.5, 2.5, 4), TeamMatchRecord(2, B, C, 2.5, 1.5, 4)]
    rows = team_standings([B, A, C, D], met, tiebreaks=("DE",))
    assert [(r.rank, r.team, r.match_points, r.board_points, r.tiebreaks["DE"]) for r in rows] == [
        (1, A, 2, 4.0, 2), (2, B, 2, 4.0, 0), (3, D, 2, 2.5, 0), (4, C, 0, 1.5, 0)]  # fmt: skip
    with pytest.raises(ValueError):
        team_standings([A, B], [], tiebreaks=("XX",))
