"""Issue 27: a Swiss of 40 teams of four boards is paired by the FIDE Dutch system on match points (as Olympiads
are): before each round the teams' TRF (one line per team, its matches as games, its match points as points, the
win/draw/loss values as BBW/BBD/BBL) is written out, read back and paired by the Dutch engine (identical to
bbpPairings: tests/pairing/test_dutch_matches_bbppairings.py); the round the event pairs is exactly that, the
engine's White team being the first-named team. No two teams meet twice."""

from __future__ import annotations

import random

import pytest

from tests.tournaments.organizer_api_support import client_for, organizer
from tests.tournaments.team_support import board_rows, team_event
from tournaments.models import Event, TeamMatch
from tournaments.pairing.dutch import pair_dutch
from tournaments.pairing.trf import parse_trf, write_trf
from tournaments.services.team_rounds import team_trf

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

TEAMS, BOARDS, ROUNDS = 40, 4, 4


def test_forty_teams_are_paired_as_the_dutch_engine_pairs_their_trf():
    client = client_for(organizer())
    slug, teams = team_event(client, teams=TEAMS, boards=BOARDS, format="swiss", rounds=ROUNDS, name="Team Swiss")
    assert client.post(f"/api/events/{slug}/announce/").status_code == 200
    seed_of = {t["id"]: t["seed"] for t in teams}
    rng = random.Random(27)
    met: set[frozenset] = set()
    for number in range(1, ROUNDS + 1):
        text = write_trf(team_trf(Event.objects.get(slug=slug)))
        assert f"XXR {ROUNDS}" in text and "BBW  2.0" in text  # match points: 2 for a won match
        expected = pair_dutch(parse_trf(text))
        assert client.post(f"/api/events/{slug}/rounds/").status_code == 201
        matches = TeamMatch.objects.filter(round__event__slug=slug, round__number=number).order_by("number")
        paired = [(seed_of[m.first_id], seed_of[m.second_id]) for m in matches if m.second_id]
        assert paired == expected.boards and expected.bye is None
        for pair in paired:
            assert frozenset(pair) not in met
            met.add(frozenset(pair))
        rows = []
        for match in matches:
            rows += board_rows([rng.choice((0, 0.5, 1)) for _ in range(BOARDS)], match.first_board)
        assert client.post(f"/api/events/{slug}/rounds/{number}/publish/").status_code == 200
        assert client.post(f"/api/events/{slug}/rounds/{number}/results/", rows, format="json").status_code == 200
    standings = client.get(f"/api/events/{slug}/standings/").json()["teams"]
    assert len(standings) == TEAMS and sum(r["board_points"] for r in standings) == TEAMS // 2 * BOARDS * ROUNDS
