"""``PATCH /api/events/{slug}/`` takes ``rated`` and ``seed_by``: an event seeding by the rating list numbers its
players by their ratings in the list of its variant (the typed rating for a player the list does not know); back
to ``typed``, the typed ratings order them again; a wrong value is a 400 naming the field. Marking an event rated
after its games were played brings them into the lists."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from ratings.models import Rating
from tests.ratings.world import FIXED, season
from tests.scoring import db
from tournaments.models import Registration

pytestmark = pytest.mark.django_db


def _seeds(event) -> list[str]:
    return [r.player.name for r in Registration.objects.filter(event=event).select_related("player").order_by("seed")]


def test_seed_by_the_rating_list():
    organizer = db.user()
    _, players = season(organizer=organizer)
    listed = [r.player.name for r in Rating.objects.order_by("-rating")]
    newcomer = db.player("Zoe Newcomer", rating=1000)
    for typed, player in zip((1400, 1300, 1200, 1100), reversed(players), strict=True):
        player.rating = typed  # typed: Dan, Cleo, Ben, Ann (the list has its own order)
        player.save()
    event = db.event(organizer=organizer, variant_key=FIXED, seed_by="typed")
    for player in [*players, newcomer]:
        Registration.objects.create(event=event, player=player, seed=0, seed_given=False)
    client = APIClient()
    client.force_authenticate(organizer)

    answer = client.patch(f"/api/events/{event.slug}/", {"seed_by": "rating", "rated": True}, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["seed_by"] == "rating" and answer.json()["rated"] is True
    assert _seeds(event) == [*listed, "Zoe Newcomer"]

    answer = client.patch(f"/api/events/{event.slug}/", {"seed_by": "typed"}, format="json")
    assert _seeds(event) == [p.name for p in reversed(players)] + ["Zoe Newcomer"]

    wrong = client.patch(f"/api/events/{event.slug}/", {"seed_by": "fide"}, format="json")
    assert wrong.status_code == 400 and "seed_by" in str(wrong.json()["errors"])
    wrong = client.patch(f"/api/events/{event.slug}/", {"rated": "yes"}, format="json")
    assert wrong.status_code == 400 and "rated" in str(wrong.json()["errors"])


def test_marking_an_event_rated_later_counts_its_games():
    organizer = db.user()
    events, _ = season(organizer=organizer, rated=False)
    assert not Rating.objects.exists()
    client = APIClient()
    client.force_authenticate(organizer)
    assert client.patch(f"/api/events/{events[0].slug}/", {"rated": True}, format="json").status_code == 200
    assert Rating.objects.count() == 4 and {r.games for r in Rating.objects.all()} == {3}
    assert client.patch(f"/api/events/{events[0].slug}/", {"rated": False}, format="json").status_code == 200
    assert not Rating.objects.exists()
