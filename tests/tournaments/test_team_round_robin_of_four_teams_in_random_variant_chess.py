"""Issue 27: a team round-robin of four teams of four in Random Variant Chess. Each round pairs the Berger table's
matches, every board an ordinary game of the round on the round's rolled array; the first-named team has White on
the odd boards; match points 2/1/0 go to the team that scores more boards; the team standings with the C.07 team
tie-breaks equal the hand-computed table (tests/scoring/test_team_match_points_and_tiebreaks.py computes it)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.tournaments.organizer_api_support import client_for, organizer
from tests.tournaments.team_support import board_rows, team_event
from tournaments.models import Game, TeamMatch, TeamMember

pytestmark = pytest.mark.django_db

# Berger table of four: (first-named, second) by seed, and the first-named team's score on boards 1-4.
ROUNDS = {
    1: {(1, 4): [1, 1, 1, 0], (2, 3): [1, 0, 1, 0]},
    2: {(1, 2): [1, 0, 0.5, 0], (4, 3): [0.5, 0.5, 0.5, 0.5]},
    3: {(3, 1): [1, 1, 0, 0], (2, 4): [1, 1, 1, 0.5]},
}
# rank, team, match points, board points, OSB, BH-MP, DE: computed by hand (see the scoring test).
TABLE = [
    (1, "Team 2", 5, 8.0, 17.0, 7, 0),
    (2, "Team 1", 3, 6.5, 16.5, 9, 0),
    (3, "Team 3", 3, 6.0, 18.0, 9, 0),
    (4, "Team 4", 1, 3.5, 11.5, 11, 0),
]


def test_the_round_robin_pairs_colours_scores_and_ranks_the_teams():
    client = client_for(organizer())
    slug, teams = team_event(client, teams=4)
    seed_of = {t["id"]: t["seed"] for t in teams}
    assert client.post(f"/api/events/{slug}/announce/").status_code == 200
    arrays = []
    for number, expected in ROUNDS.items():
        answer = client.post(f"/api/events/{slug}/rounds/")
        assert answer.status_code == 201, answer.content
        matches = TeamMatch.objects.filter(round__event__slug=slug, round__number=number).order_by("number")
        assert {(seed_of[m.first_id], seed_of[m.second_id]) for m in matches} == set(expected)
        rows = []
        for match in matches:
            games = list(Game.objects.filter(round=match.round, board__gte=match.first_board,
                                             board__lt=match.first_board + 4).order_by("board"))  # fmt: skip
            first = {m.player_id: m.board for m in TeamMember.objects.filter(team_id=match.first_id)}
            second = {m.player_id: m.board for m in TeamMember.objects.filter(team_id=match.second_id)}
            for i, game in enumerate(games, start=1):  # board i of the match: roster board i of each team
                white, black = (first, second) if i % 2 else (second, first)
                assert white[game.white_id] == i and black[game.black_id] == i
            arrays.append({g.start_position for g in games})
            rows += board_rows(expected[(seed_of[match.first_id], seed_of[match.second_id])], match.first_board)
        assert client.post(f"/api/events/{slug}/rounds/{number}/publish/").status_code == 200
        result = client.post(f"/api/events/{slug}/rounds/{number}/results/", rows, format="json")
        assert result.status_code == 200, result.content
    assert all(len(positions) == 1 for positions in arrays)  # every board of a round on the round's one array
    standings = APIClient().get(f"/api/events/{slug}/standings/").json()
    table = [(r["rank"], r["team"]["name"], r["match_points"], r["board_points"], r["tiebreaks"]["OSB"],
              r["tiebreaks"]["BH-MP"], r["tiebreaks"]["DE"]) for r in standings["teams"]]  # fmt: skip
    assert table == TABLE
    assert len(standings["rows"]) == 16  # and each board's players are ranked as individuals (board scorers)
