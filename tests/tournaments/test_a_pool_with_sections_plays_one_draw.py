"""A variant pool in an event of two sections (issues 27, 29, 35): both sections play the block the event drew, its
variant included, and every public page of both sections answers (a section's block once lacked the variant: a
500)."""

from __future__ import annotations

import pytest

from tests.tournaments.organizer_api_support import client_for, organizer
from tournaments.models import VariantBlock
from variants import policies
from variants.registry import fixed_keys, rolled_key

pytestmark = pytest.mark.django_db

POOL = [fixed_keys()[0], fixed_keys()[1], rolled_key()]
SECTIONS = [{"name": "Open", "format": "swiss", "rounds": 4}, {"name": "U1800", "format": "swiss", "rounds": 4,
                                                                "max_rating": 1799}]  # fmt: skip
PLAYERS = [{"name": f"Player {n}", "rating": rating} for n, rating in enumerate((2100, 2000, 1900, 1850, 1700, 1600,
                                                                                 1500, 1400))]  # fmt: skip


def test_both_sections_of_a_pool_event_play_the_drawn_variant_and_their_pages_answer(client):
    api = client_for(organizer())
    body = {"name": "Pool Sections", "variant_policy": policies.POOL_DRAW.name, "pool": POOL, "scoring": "dynamic",
            "sections": SECTIONS}  # fmt: skip
    created = api.post("/api/events/", body, format="json")
    assert created.status_code == 201, created.content
    slug = created.json()["slug"]
    assert api.post(f"/api/events/{slug}/players/", PLAYERS, format="json").status_code == 201
    for section in ("open", "u1800"):
        paired = api.post(f"/api/events/{slug}/rounds/?section={section}")
        assert paired.status_code == 201, paired.content
        assert api.post(f"/api/events/{slug}/rounds/1/publish/?section={section}").status_code == 200
    blocks = VariantBlock.objects.filter(index=1, event__slug__startswith=slug)
    assert len({(b.variant, b.seed, b.start_position) for b in blocks}) == 1 and blocks[0].variant in POOL
    for query in ("", "?section=u1800"):
        for page in ("", "rounds/1/", "standings/", "crosstable/"):
            answer = client.get(f"/events/{slug}/{page}{query}")
            assert answer.status_code == 200, (page, query, answer.status_code)
        assert api.get(f"/api/events/{slug}/{query}").status_code == 200
