"""Starting ranks before round 1 are by rating for everyone whose number nobody gave, however they came in:
imported by the director or registered on the page (issue 36: "Lena 2000 is no. 6 below Dan 1700"). Registration
closes when round 1 is paired; a late entry then takes the next number (tests/tournaments/test_review_edits_*)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from accounts.notifications import profile_of
from tests.tournaments.organizer_api_support import client_for, event_with_players, organizer
from tournaments.models import Event, Registration

pytestmark = pytest.mark.django_db
IMPORTED = [{"name": "Anna Berger", "rating": 2150}, {"name": "Dan Holt", "rating": 1700}, {"name": "Ivo Sand", "rating": 1600}]


def _registers(event: Event, name: str, rating: int):
    user = get_user_model().objects.create(username=name.split()[0].lower(), email=f"{name.split()[0]}@example.org")
    profile = profile_of(user)
    profile.confirmed_email = user.email  # counts at once under open registration
    profile.save()
    body = {"name": name, "rating": rating}
    answer = client_for(user).post(f"/api/events/{event.slug}/registrations/", body, format="json")
    assert answer.status_code == 201 and answer.json()["status"] == "active", answer.content


def _ranks(event: Event) -> list[tuple[int, str]]:
    return list(Registration.objects.filter(event=event).order_by("seed").values_list("seed", "player__name"))


def test_players_registered_on_the_page_are_ranked_by_rating_among_the_imported():
    director = client_for(organizer())
    slug = event_with_players(director, IMPORTED, variant_policy="fixed", variant="chess", scoring="classical")
    assert director.post(f"/api/events/{slug}/announce/").status_code == 200
    assert director.patch(f"/api/events/{slug}/", {"registration": "open"}, format="json").status_code == 200
    event = Event.objects.get(slug=slug)

    _registers(event, "Lena Vogt", 2000)
    _registers(event, "Kurt Mohr", 1650)
    assert _ranks(event) == [(1, "Anna Berger"), (2, "Lena Vogt"), (3, "Dan Holt"), (4, "Kurt Mohr"), (5, "Ivo Sand")]
    page = director.get(f"/events/{slug}/").content.decode()  # the public list of players, in the same order
    assert page.index("Lena Vogt") < page.index("Dan Holt") < page.index("Kurt Mohr")
