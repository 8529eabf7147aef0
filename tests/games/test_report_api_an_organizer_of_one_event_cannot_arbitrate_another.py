"""Who may decide results: an event's organizer and arbiters, and site staff - not the organizer of another event.

Every organizer has Django's is_staff flag (the admin needs it), so that flag alone must not make anyone an
arbiter of every event.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission

from tests.games.report_api_support import client_for
from tests.scoring import db
from tournaments.models import Game
from tournaments.services import is_arbiter

pytestmark = pytest.mark.django_db

RESULT = {"result": "1-0", "termination": "resignation"}


@pytest.fixture
def two_events():
    org_a, org_b = db.user("org-a", is_staff=True), db.user("org-b", is_staff=True)
    event_a, event_b = db.event(organizer=org_a), db.event(organizer=org_b)
    game_b = db.game(event_b, db.player(ev=event_b), db.player(ev=event_b))
    return {"org_a": org_a, "org_b": org_b, "event_a": event_a, "event_b": event_b, "game_b": game_b}


def test_the_organizer_of_event_a_cannot_enter_a_result_in_event_b(two_events):
    game = two_events["game_b"]
    response = client_for(two_events["org_a"]).post(f"/api/games/{game.pk}/result/", RESULT, format="json")
    assert response.status_code == 403
    assert "game" in response.json()["errors"]
    game.refresh_from_db()
    assert (game.result, game.result_status) == ("", "")


def test_the_organizer_of_event_a_cannot_read_the_reports_of_event_b(two_events):
    game = two_events["game_b"]
    response = client_for(two_events["org_a"]).get(f"/api/games/{game.pk}/reports/")
    assert response.status_code == 403


def test_the_organizer_of_event_b_enters_its_result(two_events):
    game = two_events["game_b"]
    response = client_for(two_events["org_b"]).post(f"/api/games/{game.pk}/result/", RESULT, format="json")
    assert response.status_code == 200
    game.refresh_from_db()
    assert (game.result, game.result_status) == ("1-0", Game.ResultStatus.FINAL)


def test_an_arbiter_of_event_b_enters_its_result(two_events):
    arbiter = db.user("arb", is_staff=True)
    two_events["event_b"].arbiters.add(arbiter)
    game = two_events["game_b"]
    response = client_for(arbiter).post(f"/api/games/{game.pk}/result/", RESULT, format="json")
    assert response.status_code == 200


def test_staff_with_the_event_permission_and_superusers_arbitrate_every_event(two_events):
    staff = db.user("staff", is_staff=True)
    staff.user_permissions.add(Permission.objects.get(codename="change_event", content_type__app_label="tournaments"))
    superuser = db.user("root", is_staff=True, is_superuser=True)
    assert is_arbiter(staff, two_events["event_b"]) and is_arbiter(superuser, two_events["event_a"])
    assert not is_arbiter(two_events["org_a"], two_events["event_b"])
    game = two_events["game_b"]
    response = client_for(staff).post(f"/api/games/{game.pk}/result/", RESULT, format="json")
    assert response.status_code == 200
