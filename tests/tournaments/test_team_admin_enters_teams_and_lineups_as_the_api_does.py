"""Issue 27: the director enters and changes teams (name, captain, roster in board order) and a round's line-up in
the admin, through the services the API calls: what the API refuses the admin refuses, next to the same field, what
was typed kept and nothing written."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournaments.organizer_api_support import client_for, organizer
from tests.tournaments.team_support import team_event
from tournaments.models import Lineup, PairingChange, Player, Registration, Team

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup():
    user = organizer()
    api = client_for(user)
    slug, teams = team_event(api, teams=2, boards=2, format="swiss", rounds=3, name="Club Swiss")
    browser = Client()
    browser.force_login(user)
    free = [Player.objects.create(name=f"Free {i}", rating=1900 - i).pk for i in range(3)]
    return browser, api, slug, teams, free


def ids(values: list[int]) -> str:
    return ", ".join(map(str, values))


def add_team(browser, event_pk: int, name: str, roster: list[int], captain: int | str = ""):
    body = {"event": event_pk, "name": name, "captain": captain, "roster": ids(roster)}
    return browser.post("/admin/tournaments/team/add/", body)


def change_team(browser, team: Team, name: str, roster: list[int], captain: int | str = ""):
    members = team.members.count()
    body = {"name": name, "captain": captain, "roster": ids(roster), "members-TOTAL_FORMS": members,
            "members-INITIAL_FORMS": members, "members-MIN_NUM_FORMS": 0, "members-MAX_NUM_FORMS": 1000}  # fmt: skip
    return browser.post(f"/admin/tournaments/team/{team.pk}/change/", body)


def form_errors(answer) -> dict:
    assert answer.status_code == 200, answer.status_code
    return answer.context["adminform"].form.errors


def test_the_admin_adds_a_team_as_the_api_does(setup):
    browser, _, slug, _, free = setup
    event = Team.objects.filter(event__slug=slug).first().event
    answer = add_team(browser, event.pk, "Team 3", [free[2], free[0]], captain=free[0])
    assert answer.status_code == 302, form_errors(answer)
    team = Team.objects.get(event=event, name="Team 3")
    assert [m.player_id for m in team.members.order_by("board")] == [free[2], free[0]]
    assert team.captain_id == free[0] and team.seed == 3
    assert Registration.objects.filter(event=event, player_id__in=free[:1] + free[2:]).count() == 2
    assert PairingChange.objects.filter(event=event, action="team-created", description__contains="Team 3").exists()


@pytest.mark.parametrize(
    ("case", "field"),
    [("taken", "roster"), ("short", "roster"), ("unknown", "roster"), ("twice", "roster"),
     ("captain", "captain"), ("name", "name")],
)  # fmt: skip
def test_the_admin_refuses_a_new_team_as_the_api_does(setup, case, field):
    browser, api, slug, teams, free = setup
    event = Team.objects.filter(event__slug=slug).first().event
    taken = teams[0]["roster"][0]["id"]
    name, roster, captain = {
        "taken": ("Team 3", [free[0], taken], ""), "short": ("Team 3", [free[0]], ""),
        "unknown": ("Team 3", [free[0], 10**9], ""), "twice": ("Team 3", [free[0], free[0]], ""),
        "captain": ("Team 3", free[:2], free[2]), "name": ("Team 1", free[:2], ""),
    }[case]  # fmt: skip
    body = {"name": name, "roster": roster, **({"captain": captain} if captain else {})}
    refused = api.post(f"/api/events/{slug}/teams/", body, format="json")
    assert refused.status_code == 400 and refused.json()["errors"][0]["field"] == field, refused.content
    before = (Team.objects.count(), Registration.objects.count(), PairingChange.objects.count())
    answer = add_team(browser, event.pk, name, roster, captain)
    assert list(form_errors(answer)) == [field]
    assert ids(roster) in answer.content.decode() and f'value="{name}"' in answer.content.decode()  # typed, kept
    assert (Team.objects.count(), Registration.objects.count(), PairingChange.objects.count()) == before


def test_the_admin_edits_a_team_and_refuses_what_a_new_team_is_refused(setup):
    browser, _, slug, teams, free = setup
    team = Team.objects.get(pk=teams[1]["id"])
    old = [m.player_id for m in team.members.order_by("board")]
    answer = change_team(browser, team, "Team 2", [old[1], old[0], free[0]], captain=old[1])
    assert answer.status_code == 302, form_errors(answer)
    team.refresh_from_db()
    assert [m.player_id for m in team.members.order_by("board")] == [old[1], old[0], free[0]] and team.captain_id == old[1]
    assert PairingChange.objects.filter(action="team-changed").count() == 1
    for name, roster, field in [("Team 1", [old[1], old[0]], "name"), ("Team 2", [old[0], teams[0]["roster"][0]["id"]], "roster"),
                                ("Team 2", [old[0], old[1]], "captain")]:  # fmt: skip
        answer = change_team(browser, team, name, roster, captain=free[1] if field == "captain" else "")
        assert list(form_errors(answer)) == [field]
        assert ids(roster) in answer.content.decode()
        assert [m.player_id for m in team.members.order_by("board")] == [old[1], old[0], free[0]]
    assert PairingChange.objects.filter(action="team-changed").count() == 1


def test_the_admin_enters_a_lineup_and_refuses_what_the_api_refuses(setup):
    browser, api, slug, teams, _ = setup
    team = teams[0]
    roster = [p["id"] for p in team["roster"]]
    wrong = [roster[1], roster[0]]
    refused = api.put(f"/api/events/{slug}/rounds/1/lineups/{team['id']}/", {"boards": wrong}, format="json")
    assert refused.status_code == 400 and refused.json()["errors"][0]["field"] == "boards"
    answer = browser.post("/admin/tournaments/lineup/add/", {"team": team["id"], "round_number": 1, "boards": ids(wrong)})
    assert list(form_errors(answer)) == ["boards"] and ids(wrong) in answer.content.decode()
    assert not Lineup.objects.exists()
    answer = browser.post("/admin/tournaments/lineup/add/", {"team": team["id"], "round_number": 1, "boards": ids(roster)})
    assert answer.status_code == 302, form_errors(answer)
    lineup = Lineup.objects.get(team_id=team["id"], round_number=1)
    assert lineup.players == roster
    saved = browser.get(answer["Location"]).content.decode()  # the message names it as a director would
    assert f"Round 1 line-up of {team['name']}" in saved and "Lineup object" not in saved
    assert api.post(f"/api/events/{slug}/announce/").status_code == 200
    assert api.post(f"/api/events/{slug}/rounds/").status_code == 201
    late = api.put(f"/api/events/{slug}/rounds/1/lineups/{team['id']}/", {"boards": roster}, format="json")
    assert late.status_code == 409 and late.json()["errors"][0]["field"] == "round"
    answer = browser.post(f"/admin/tournaments/lineup/{lineup.pk}/change/", {"boards": ids(roster)})
    assert list(form_errors(answer)) == ["__all__"]  # the round: shown read-only, so the refusal heads the form
    assert "is paired" in answer.content.decode()
