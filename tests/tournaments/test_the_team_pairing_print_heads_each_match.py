"""The printable pairing list, the public page of a team round and each team's page head each match's boards with
both teams' names and, once every board is final, the match score (issue 36: "the team pairing print has no team
names", "no match score on the round or team pages")."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournaments.organizer_api_support import client_for, organizer
from tests.tournaments.team_support import board_rows, team_event
from tournaments.models import Round, TeamMatch

pytestmark = pytest.mark.django_db


def test_each_match_is_headed_by_its_teams_and_then_its_score():
    director = organizer()
    client = client_for(director)
    slug, teams = team_event(client, teams=2, boards=4, format="match", rounds=2, name="Derby")
    client.post(f"/api/events/{slug}/announce/")
    client.post(f"/api/events/{slug}/rounds/")
    client.post(f"/api/events/{slug}/rounds/1/publish/")
    match = TeamMatch.objects.select_related("first", "second").get(round__event__slug=slug)
    rnd = Round.objects.get(event__slug=slug, number=1)
    desk = Client()
    desk.force_login(director)
    heading = f"Match 1: {match.first.name} – {match.second.name}"

    printed = desk.get(f"/admin/tournaments/round/{rnd.pk}/print/").content.decode()
    assert heading + "</th>" in printed  # no score before the boards are final

    rows = board_rows([1, 0.5, 0, 1], match.first_board)
    assert client.post(f"/api/events/{slug}/rounds/1/results/", rows, format="json").status_code == 200
    printed = desk.get(f"/admin/tournaments/round/{rnd.pk}/print/").content.decode()
    assert f"{heading} · 2½–1½</th>" in printed
    public = Client().get(f"/events/{slug}/rounds/1/").content.decode()  # the round page heads it the same
    assert f"{heading} · 2½–1½</th>" in public
    team = Client().get(f"/events/{slug}/teams/{match.first_id}/").content.decode()  # and each team's page
    assert f"Round 1: {match.first.name} – {match.second.name} · 2½–1½</caption>" in team
