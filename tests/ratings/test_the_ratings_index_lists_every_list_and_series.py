"""``/ratings/`` and ``GET /api/ratings/``: every rating list of the registry with how many are rated in it (active
and in all) and every series, linked from every page's header; a fixed number of queries however many are rated
(issue 36: "/ratings/ is a 404 and nothing links to the rating lists or series")."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from ratings.models import Rating
from ratings.series import create_series
from tests.ratings.world import FIXED, season
from variants.registry import rating_keys, rating_name

pytestmark = pytest.mark.django_db


def test_the_index_counts_each_list_and_names_each_series():
    events, players = season()
    create_series("Winter league", events[:2], 2, [10, 6, 4, 2], by=events[0].organizer)
    Rating.objects.filter(player=players[3]).update(last_played=timezone.now() - timedelta(days=400))

    body = APIClient().get("/api/ratings/").json()
    assert [entry["key"] for entry in body["lists"]] == rating_keys()
    fixed = next(entry for entry in body["lists"] if entry["key"] == FIXED)
    assert fixed == {"key": FIXED, "name": rating_name(FIXED), "active": 3, "everyone": 4}
    assert all(entry["everyone"] == 0 for entry in body["lists"] if entry["key"] != FIXED)
    assert body["series"] == [{"slug": body["series"][0]["slug"], "name": "Winter league", "events": 2, "best_of": 2}]

    page = APIClient().get("/ratings/").content.decode()
    assert f'href="/ratings/{FIXED}/"' in page and f'href="/series/{body["series"][0]["slug"]}/"' in page
    assert "Winter league" in page and '<td class="num">3</td><td class="num">4</td>' in page


def test_every_page_links_the_ratings_and_the_index_costs_the_same_for_more_players():
    assert 'href="/ratings/">Ratings</a>' in APIClient().get("/").content.decode()
    with CaptureQueriesContext(connection) as empty:
        assert APIClient().get("/ratings/").status_code == 200
    now = timezone.now()
    Rating.objects.bulk_create(Rating(identity=f"p{i}", key=key, rating=1500, rd=80, volatility=0.06, last_played=now)
                               for i in range(30) for key in rating_keys())  # fmt: skip
    with CaptureQueriesContext(connection) as full:
        assert APIClient().get("/ratings/").status_code == 200
    assert len(full) == len(empty) <= 4
