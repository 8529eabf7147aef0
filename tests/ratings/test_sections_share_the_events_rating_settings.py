"""A rated event is rated in every section: ``rated`` and ``seed_by`` are the event's settings, which each section's
row shares (tournaments.models_sections.SHARED), so a section's games count for the rating lists as the first's do."""

from __future__ import annotations

import pytest

from tests.tournaments.organizer_api_support import client_for, organizer
from tournaments.models import Section

pytestmark = pytest.mark.django_db

SECTIONS = [
    {"name": "Open", "format": "swiss", "rounds": 4},
    {"name": "U1800", "format": "swiss", "rounds": 4, "max_rating": 1799},
]


def test_marking_the_event_rated_marks_each_section():
    client = client_for(organizer())
    body = {"name": "Rated Open", "variant_policy": "rvc-one-roll", "scoring": "dynamic", "sections": SECTIONS}
    assert client.post("/api/events/", body, format="json").status_code == 201
    answer = client.patch("/api/events/rated-open/", {"rated": True, "seed_by": "rating"}, format="json")
    assert answer.status_code == 200, answer.content
    rows = [(s.slug, s.body.rated, s.body.seed_by) for s in Section.objects.filter(event__slug="rated-open").order_by("position")]
    assert rows == [("open", True, "rating"), ("u1800", True, "rating")]
