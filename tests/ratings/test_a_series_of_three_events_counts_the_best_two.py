"""A series of three events counting each player's best two, made with ``POST /api/series/`` by their organizer
and read with ``GET /api/series/{slug}/``, the page ``/series/{slug}/`` and its CSV: the totals, the dropped event
and each event's contribution; a stranger may not group someone else's events, and bad bodies are 400s naming
the field."""

from __future__ import annotations

import csv
import io

import pytest
from rest_framework.test import APIClient

from tests.ratings.world import season
from tests.scoring import db

pytestmark = pytest.mark.django_db


@pytest.fixture
def made():
    organizer = db.user()
    events, players = season(organizer=organizer)
    client = APIClient()
    client.force_authenticate(organizer)
    body = {"name": "Monthly season", "events": [e.slug for e in events], "best_of": 2, "points": [25, 18, 15, 12]}
    answer = client.post("/api/series/", body, format="json")
    assert answer.status_code == 201, answer.content
    return answer.json(), events, players


def test_best_two_of_three(made):
    table, events, players = made
    assert table["slug"] == "monthly-season" and table["best_of"] == 2 and len(table["events"]) == 3
    read = APIClient().get(f"/api/series/{table['slug']}/").json()
    assert read == table
    by_name = {row["name"]: row for row in read["rows"]}
    for row in read["rows"]:
        contributions = [c for c in row["events"] if c is not None]
        counted = sorted((c["points"] for c in contributions), reverse=True)[:2]
        assert row["total"] == sum(counted)
        assert sum(c["counted"] for c in contributions) == 2
    assert read["rows"][0]["rank"] == 1
    assert [r["total"] for r in read["rows"]] == sorted((r["total"] for r in read["rows"]), reverse=True)
    assert set(by_name) == {p.name for p in players}


def test_page_and_csv(made):
    table, _, _ = made
    page = APIClient().get(f"/series/{table['slug']}/")
    assert page.status_code == 200 and "Monthly season" in page.content.decode()
    exported = APIClient().get(f"/series/{table['slug']}/export/series.csv")
    rows = list(csv.reader(io.StringIO(exported.content.decode())))
    assert rows[0][:4] == ["rank", "name", "federation", "total"] and len(rows) == 5
    assert rows[1][3] == f"{table['rows'][0]['total']:g}"


def test_refusals():
    organizer, stranger = db.user(), db.user()
    events, _ = season(organizer=organizer)
    client = APIClient()
    client.force_authenticate(stranger)
    slugs = [e.slug for e in events]
    refused = client.post("/api/series/", {"name": "Mine", "events": slugs, "best_of": 2, "points": "game_points"}, format="json")
    assert refused.status_code == 403 and "events" in refused.json()["errors"]
    client.force_authenticate(organizer)
    for body, field in [
        ({"name": "S", "events": slugs, "best_of": 4, "points": [10]}, "best_of"),
        ({"name": "S", "events": ["nope"], "best_of": 1, "points": [10]}, "events"),
        ({"name": "S", "events": slugs, "best_of": 1, "points": "lots"}, "points"),
        ({"name": "S", "events": slugs, "best_of": 1, "points": [True]}, "points"),
        ({"name": "S", "events": [1], "best_of": 1, "points": [1]}, "events"),
    ]:
        answer = client.post("/api/series/", body, format="json")
        assert answer.status_code == 400 and field in answer.json()["errors"], (body, answer.content)
    assert APIClient().post("/api/series/", {}, format="json").status_code == 401
