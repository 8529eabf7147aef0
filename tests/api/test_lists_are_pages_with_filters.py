"""Every list of the API is a page ({count, next, previous, results}) with bounded ``page_size``, and filters with
django-filter (event, round, status, player); a bad page, size or filter value is a 400 naming it, a page past the
last a 404 naming ``page``."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.pages.conftest import build_spring_open
from tournaments.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    built = build_spring_open()
    organizer = built.event.organizer
    organizer.is_staff = True
    organizer.save()

    def client(user) -> APIClient:
        api = APIClient()
        api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
        return api

    return built, client(built.players["Anna"].user), client(organizer)


def _ids(response) -> list[int]:
    assert response.status_code == 200, response.content
    return [row["id"] for row in response.json()["results"]]


def test_my_games_come_as_pages_of_the_size_asked(world):
    built, anna, _ = world
    first = anna.get("/api/me/games/", {"page_size": 1}).json()
    assert set(first) == {"count", "next", "previous", "results"}
    assert first["count"] == 2 and len(first["results"]) == 1 and first["previous"] is None
    assert "page=2" in first["next"]
    second = anna.get("/api/me/games/", {"page_size": 1, "page": 2}).json()
    assert second["next"] is None and second["results"][0]["id"] != first["results"][0]["id"]
    assert {first["results"][0]["id"], second["results"][0]["id"]} == {built.games["r1b1"].id, built.games["r2b2"].id}


@pytest.mark.parametrize(("query", "field"), [
    ({"page_size": "0"}, "page_size"), ({"page_size": "201"}, "page_size"), ({"page_size": "x"}, "page_size"),
    ({"page": "0"}, "page"), ({"page": "last"}, "page"), ({"round": "0"}, "round"), ({"round": ""}, "round"),
    ({"status": "won"}, "status"), ({"player": "-1"}, "player"), ({"player": str(2**63)}, "player"),
    ({"event": "no slug!"}, "event"), ({"event": "a\x00b"}, "event"),
])  # fmt: skip
def test_a_bad_page_size_or_filter_is_a_400_naming_it(world, query, field):
    _, anna, _ = world
    response = anna.get("/api/me/games/", query)
    assert response.status_code == 400, response.content
    assert field in response.json()["errors"]


def test_a_page_past_the_last_is_a_404_naming_the_page(world):
    _, anna, _ = world
    response = anna.get("/api/me/games/", {"page": 3, "page_size": 1})
    assert response.status_code == 404
    assert "page" in response.json()["errors"]


def test_my_games_filter_by_event_round_status_and_player(world):
    built, anna, _ = world
    g = built.games
    assert _ids(anna.get("/api/me/games/", {"round": 2})) == [g["r2b2"].id]
    assert _ids(anna.get("/api/me/games/", {"event": "spring-open", "round": 1})) == [g["r1b1"].id]
    assert _ids(anna.get("/api/me/games/", {"event": "another-event"})) == []
    assert _ids(anna.get("/api/me/games/", {"player": built.players["Elif"].id})) == [g["r2b2"].id]
    Game.objects.filter(pk=g["r1b1"].pk).update(status=Game.Status.LIVE)
    assert _ids(anna.get("/api/me/games/", {"status": "live"})) == [g["r1b1"].id]


def test_the_events_the_reports_and_the_audit_trail_are_pages_with_filters(world):
    built, anna, organizer = world
    events = APIClient().get("/api/events/", {"status": "running"}).json()
    assert events["count"] == 1 and events["results"][0]["slug"] == "spring-open"
    assert APIClient().get("/api/events/", {"status": "draft"}).json()["count"] == 0
    assert APIClient().get("/api/events/", {"player": built.players["Ben"].id}).json()["count"] == 1
    reports = anna.get(f"/api/games/{built.games['r2b2'].id}/reports/", {"status": "pending"}).json()
    assert set(reports) == {"count", "next", "previous", "results"}
    assert anna.get(f"/api/games/{built.games['r2b2'].id}/reports/", {"status": "nope"}).status_code == 400
    trail = organizer.get("/api/events/spring-open/audit/", {"round": 1, "page_size": 5})
    assert trail.status_code == 200 and set(trail.json()) == {"count", "next", "previous", "results"}
    assert organizer.get("/api/events/spring-open/audit/", {"action": "a b"}).status_code == 400
