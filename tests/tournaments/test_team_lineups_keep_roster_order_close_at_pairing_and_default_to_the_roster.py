"""Issue 27, line-up rules: ``PUT /api/events/{slug}/rounds/{n}/lineups/{team_id}/`` takes N players of the roster in
roster order from the captain or the event's staff; anyone else is 403; a wrong line-up is 400 naming ``boards``;
once the round is paired it is 409 and nothing changes; a team without a line-up plays the roster's first N
available (a player who asked for a bye is not available)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.tournaments.organizer_api_support import client_for, organizer
from tests.tournaments.team_support import team_event
from tournaments.models import ByeRequest, Event, Game, Player, Registration, TeamMatch, TeamMember

pytestmark = pytest.mark.django_db


@pytest.fixture
def league():
    client = client_for(organizer())
    slug, teams = team_event(client, teams=2, boards=2, format="match", rounds=2, name="Derby")
    event = Event.objects.get(slug=slug)
    for team in teams:  # a third player on each roster: the reserve
        reserve = Player.objects.create(name=f"{team['name']} reserve", rating=1500)
        TeamMember.objects.create(team_id=team["id"], player=reserve, board=3)
        Registration.objects.create(event=event, player=reserve)
    assert client.post(f"/api/events/{slug}/announce/").status_code == 200
    return client, slug, teams


def put(client, slug, team_id, boards, number=1):
    return client.put(f"/api/events/{slug}/rounds/{number}/lineups/{team_id}/", {"boards": boards}, format="json")


def roster(team) -> list[int]:
    return list(TeamMember.objects.filter(team_id=team["id"]).order_by("board").values_list("player_id", flat=True))


def test_a_lineup_keeps_the_roster_order_and_its_size(league):
    client, slug, teams = league
    first, second, third = roster(teams[0])
    for bad in ([second, first], [first], [first, second, third], [first, 999999]):
        response = put(client, slug, teams[0]["id"], bad)
        assert response.status_code == 400 and response.json()["errors"][0]["field"] == "boards", bad
    assert put(client, slug, teams[0]["id"], [first, third]).status_code == 200
    assert client.get(f"/api/events/{slug}/rounds/1/lineups/{teams[0]['id']}/").json()["boards"] == [first, third]


def test_the_captain_may_submit_and_nobody_else(league):
    client, slug, teams = league
    captain_user = get_user_model().objects.create(username="cap")
    Player.objects.filter(pk=teams[0]["captain"]).update(user=captain_user)
    first, second, third = roster(teams[0])
    captain = client_for(captain_user)
    assert put(captain, slug, teams[0]["id"], [second, third]).status_code == 200
    stranger = get_user_model().objects.create(username="stranger")
    assert put(client_for(stranger), slug, teams[0]["id"], [first, second]).status_code == 403
    assert put(captain, slug, teams[1]["id"], roster(teams[1])[:2]).status_code == 403  # not their team


def test_pairing_closes_the_lineups_and_plays_the_ones_given_or_the_default(league):
    client, slug, teams = league
    first, second, third = roster(teams[0])
    assert put(client, slug, teams[0]["id"], [first, third]).status_code == 200
    other = roster(teams[1])
    reg = Registration.objects.get(event__slug=slug, player_id=other[0])
    ByeRequest.objects.create(registration=reg, round_number=1)  # board 1 of team 2 is away: the default skips them
    assert client.post(f"/api/events/{slug}/rounds/").status_code == 201
    late = put(client, slug, teams[0]["id"], [first, second])
    assert late.status_code == 409
    games = list(Game.objects.filter(round__event__slug=slug, round__number=1).order_by("board"))
    match = TeamMatch.objects.get(round__event__slug=slug, round__number=1)
    team1_first = match.first_id == teams[0]["id"]
    seats = [(g.white_id, g.black_id) for g in games]
    ours = [w if (i % 2 == 0) == team1_first else b for i, (w, b) in enumerate(seats)]
    theirs = [b if (i % 2 == 0) == team1_first else w for i, (w, b) in enumerate(seats)]
    assert ours == [first, third] and theirs == other[1:3]
