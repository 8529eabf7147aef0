"""Issue 27 in the admin: an event's page lists its sections, each with a link to run it; a team event's teams are
listed with roster and line-ups (entered through the services the API calls, so read-only here)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournaments.organizer_api_support import client_for, organizer
from tests.tournaments.team_support import team_event
from tournaments.models import Event, Team

pytestmark = pytest.mark.django_db


def test_the_admin_lists_sections_and_teams():
    director = organizer()
    director.is_superuser = True
    director.save()
    api = client_for(director)
    body = {"name": "Spring Open", "format": "swiss", "rounds": 4, "variant_policy": "rvc-one-roll", "scoring": "dynamic",
            "sections": [{"name": "Open"}, {"name": "U1800", "max_rating": 1799}]}  # fmt: skip
    assert api.post("/api/events/", body, format="json").status_code == 201
    slug, _ = team_event(api, teams=2, boards=2, format="match", rounds=2, name="Derby")
    browser = Client()
    browser.force_login(director)
    event = Event.objects.get(slug="spring-open")
    page = browser.get(f"/admin/tournaments/event/{event.pk}/change/").content.decode()
    assert "Run U1800" in page and "U1800" in page and "Run Open" in page
    team = Team.objects.filter(event__slug=slug).first()
    assert browser.get("/admin/tournaments/team/").status_code == 200
    answer = browser.get(f"/admin/tournaments/team/{team.pk}/change/")
    assert answer.status_code == 200 and "T1 board 1" in answer.content.decode()
