"""Builders of the way-in tests (issue 23): an event run through the organizer API, its players with logins."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from tests.tournaments.organizer_api_support import client_for, create_event, organizer
from tournaments.models import Event, Player


def event_with_logins(n: int = 4, **fields) -> tuple[Event, object, list]:
    """A classical Swiss of ``n`` players, each with a login and an e-mail: (event, organizer's client, users)."""
    director = client_for(organizer())
    body = {"variant_policy": "fixed", "variant": "chess", "scoring": "classical", **fields}
    slug = create_event(director, **body)["slug"]
    rows = [{"name": f"Player {i}", "rating": 2200 - 10 * i, "email": f"p{i}@example.org"} for i in range(1, n + 1)]
    assert director.post(f"/api/events/{slug}/players/", rows, format="json").status_code == 201
    users = []
    for i in range(1, n + 1):
        user = get_user_model().objects.create(username=f"p{i}", email=f"p{i}@example.org")
        Player.objects.filter(name=f"Player {i}").update(user=user)
        users.append(user)
    assert director.post(f"/api/events/{slug}/announce/").status_code == 200
    return Event.objects.get(slug=slug), director, users
