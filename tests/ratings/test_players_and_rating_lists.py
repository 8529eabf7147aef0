"""``GET /api/players/{id}/`` (ratings per list, events with rank and performance, head-to-head), its history
``/ratings/{key}/history/``, ``GET /api/ratings/{key}/?active=1`` as a page of the list, and the pages
``/players/{id}/`` and ``/ratings/{key}/``: what they hold, what is a 404, and no login name anywhere."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from ratings.models import Rating
from tests.ratings.world import FIXED, season
from tests.scoring import db

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    events, players = season()
    ann = players[0]
    ann.user = db.user(username="secret-login-ann")
    ann.save()
    from django.core.management import call_command

    call_command("recompute_ratings", stdout=io.StringIO())  # the account changed who Ann is
    return events, players


def test_a_player_across_events(world):
    events, players = world
    body = APIClient().get(f"/api/players/{players[1].pk}/").json()
    assert body["name"] == "Ben Brook" and body["federation"] == ""
    assert set(body["ratings"]) == {FIXED}
    rating = body["ratings"][FIXED]
    assert set(rating) == {"rating", "rd", "volatility", "games", "provisional"}
    assert rating["games"] == 9 and rating["provisional"] is True
    assert [e["slug"] for e in body["events"]] and {e["slug"] for e in body["events"]} == {e.slug for e in events}
    assert all(e["rank"] for e in body["events"])
    assert {o["name"] for o in body["head_to_head"]} == {"Ann Archer", "Cleo Chen", "Dan Dorn"}
    assert sum(o["games"] for o in body["head_to_head"]) == 9

    history = APIClient().get(f"/api/players/{players[1].pk}/ratings/{FIXED}/history/").json()
    assert history["count"] == 9 and history["results"][-1]["rating"] == rating["rating"]
    assert APIClient().get(f"/api/players/{players[1].pk}/ratings/nothing/history/").status_code == 404
    assert APIClient().get("/api/players/999999/").status_code == 404


def test_the_rating_list_and_its_active_filter(world):
    _, players = world
    page = APIClient().get(f"/api/ratings/{FIXED}/", {"active": "1"}).json()
    assert page["count"] == 4 and [r["rank"] for r in page["results"]] == [1, 2, 3, 4]
    ratings = [r["rating"] for r in page["results"]]
    assert ratings == sorted(ratings, reverse=True)
    Rating.objects.filter(player=players[3]).update(last_played=timezone.now() - timedelta(days=400))
    assert APIClient().get(f"/api/ratings/{FIXED}/", {"active": "1"}).json()["count"] == 3
    assert APIClient().get(f"/api/ratings/{FIXED}/").json()["count"] == 4
    assert APIClient().get(f"/api/ratings/{FIXED}/", {"active": "2"}).status_code == 400
    assert APIClient().get("/api/ratings/nothing/").status_code == 404


def test_pages_and_no_login_name(world):
    _, players = world
    client = APIClient()
    for path in (f"/players/{players[0].pk}/", f"/ratings/{FIXED}/", f"/api/players/{players[0].pk}/",
                 f"/api/ratings/{FIXED}/", f"/api/players/{players[0].pk}/ratings/{FIXED}/history/"):  # fmt: skip
        answer = client.get(path)
        assert answer.status_code == 200, path
        assert "secret-login-ann" not in answer.content.decode(), path
    page = client.get(f"/players/{players[0].pk}/").content.decode()
    assert "<svg" in page and "Head-to-head" in page and "?" in page
