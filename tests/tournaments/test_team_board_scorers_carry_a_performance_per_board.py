"""Issue 27, "individual board results and performance per board": each board's scorer carries the performance
rating the standings give a player (TPR: average opponents' rating plus dp of the score, tournaments.public.rating),
counted over the games played on that board; a forfeit scores its points but is no game over the board. Shown in
the board scorers' CSV and on the team's page. Hand-computed below (FIDE B.02 §8.1.1: dp(.5) = 0, dp(.75) = 193,
dp(.25) = -193)."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from tests.tournaments.organizer_api_support import client_for, organizer
from tests.tournaments.team_support import board_rows, team_event
from tournaments.models import TeamMatch

pytestmark = pytest.mark.django_db


def _play(client, slug: str, number: int, team_one: int, scores: list[float], forfeit_board: int | None = None):
    """Round ``number`` with Team 1 scoring ``scores`` on boards 1, 2 (whichever team is named first)."""
    if number > 1:
        assert client.post(f"/api/events/{slug}/rounds/").status_code == 201
    match = TeamMatch.objects.get(round__event__slug=slug, round__number=number)
    first_scores = scores if match.first_id == team_one else [1 - s for s in scores]
    rows = board_rows(first_scores, match.first_board)
    if forfeit_board is not None:
        rows[forfeit_board - 1]["termination"] = "forfeit"
    assert client.post(f"/api/events/{slug}/rounds/{number}/publish/").status_code == 200
    answer = client.post(f"/api/events/{slug}/rounds/{number}/results/", rows, format="json")
    assert answer.status_code == 200, answer.content


def test_board_scorers_carry_their_performance_in_the_csv_and_on_the_team_page():
    client = client_for(organizer())
    # Team 1: boards rated 2400, 2399; Team 2: 2390, 2389 (tests/tournaments/team_support.py)
    slug, teams = team_event(client, teams=2, boards=2, format="match", rounds=2, name="Derby")
    assert client.post(f"/api/events/{slug}/announce/").status_code == 200
    assert client.post(f"/api/events/{slug}/rounds/").status_code == 201
    _play(client, slug, 1, teams[0]["id"], [0.5, 0.5])
    _play(client, slug, 2, teams[0]["id"], [1, 1], forfeit_board=1)  # board 1: Team 2's player did not come
    text = Client().get(f"/events/{slug}/export/boards.csv").content.decode()
    rows = {(r["Team"], r["Board"]): r for r in csv.DictReader(io.StringIO(text))}
    expected = {  # (points, games, performance)
        ("Team 1", "1"): ("1.5", "2", "2390"),  # the forfeit win scores but is left out: ½ of 1 against 2390, +0
        ("Team 2", "1"): ("0.5", "2", "2400"),  # ½ of 1 against 2400 (counting the forfeit it would be 2207)
        ("Team 1", "2"): ("1.5", "2", "2582"),  # 1.5 of 2 against 2389: p = .75, +193
        ("Team 2", "2"): ("0.5", "2", "2206"),  # 0.5 of 2 against 2399: p = .25, -193
    }
    assert {key: (r["Points"], r["Games"], r["Performance"]) for key, r in rows.items()} == expected
    page = Client().get(f"/events/{slug}/teams/{teams[0]['id']}/").content.decode()
    assert "Perf." in page and '<td class="num">2390</td>' in page and '<td class="num">2582</td>' in page
