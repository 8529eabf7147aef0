"""Issue 27: a team event's downloads name its teams: the TRF one ``013`` record per team (the name in columns 5-36,
then its players' start ranks), each PGN game ``WhiteTeam`` and ``BlackTeam``, and the team standings and each
board's scorers as CSV."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournaments.organizer_api_support import client_for, organizer
from tests.tournaments.team_support import board_rows, team_event
from tournaments.models import TeamMatch

pytestmark = pytest.mark.django_db


def test_the_exports_name_the_teams():
    client = client_for(organizer())
    slug, teams = team_event(client, teams=2, boards=2, format="match", rounds=2, name="Derby")
    client.post(f"/api/events/{slug}/announce/")
    client.post(f"/api/events/{slug}/rounds/")
    client.post(f"/api/events/{slug}/rounds/1/publish/")
    match = TeamMatch.objects.get(round__event__slug=slug)
    first = "Team 1" if match.first_id == teams[0]["id"] else "Team 2"
    second = "Team 2" if first == "Team 1" else "Team 1"
    rows = board_rows([1, 0.5], match.first_board)
    assert client.post(f"/api/events/{slug}/rounds/1/results/", rows, format="json").status_code == 200
    public = Client()
    trf = public.get(f"/events/{slug}/export/tournament.trf").content.decode()
    records = [line for line in trf.split("\r\n") if line.startswith("013")]
    number_of = {line[14:47].strip(): int(line[4:8]) for line in trf.split("\r\n") if line.startswith("001")}
    assert len(records) == 2 and records[0][4:36].rstrip() == "Team 1"
    assert [int(records[0][36:40]), int(records[0][41:45])] == [number_of["1, T1 board"], number_of["2, T1 board"]]
    pgn = public.get(f"/events/{slug}/export/games.pgn").content.decode()
    assert f'[WhiteTeam "{first}"]' in pgn and f'[BlackTeam "{second}"]' in pgn and f'[WhiteTeam "{second}"]' in pgn
    standings = public.get(f"/events/{slug}/export/teams.csv").content.decode().split("\r\n")
    assert standings[0].startswith("Rank,Team ID,Team,Match points,Board points")
    assert standings[1].split(",")[2:5] == [first, "2", "1.5"]
    scorers = public.get(f"/events/{slug}/export/boards.csv").content.decode().split("\r\n")
    assert scorers[0] == "Board,Team,Player ID,Name,Points,Games,Performance" and len([r for r in scorers[1:] if r]) == 4
