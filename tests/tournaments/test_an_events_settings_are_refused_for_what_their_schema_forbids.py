"""``PATCH /api/events/{slug}/`` refuses exactly what its schema forbids, whatever the event: the body alone decides.
A variant names its policy (they are one draw) and a fixed policy its variant; tie-breaks are written as C.07
writes them, each once; a time control gives some time, to the millisecond; a requested bye scores 0, 0.5 or 1.
Each refusal is a 400 naming the field, and the schema's own validator refuses the same body."""

from __future__ import annotations

import jsonschema
import pytest
from django.test import Client

from tests.tournaments.organizer_api_support import client_for, event_with_players, organizer

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    client = client_for(organizer())
    return client, event_with_players(client)


def patch_schema() -> dict:
    schema = Client().get("/api/schema/", {"format": "json"}).json()
    body = schema["paths"]["/api/events/{slug}/"]["patch"]["requestBody"]["content"]["application/json"]["schema"]
    return {**body, "components": schema["components"]}


@pytest.mark.parametrize(
    ("body", "field"),
    [({"variant": "chess"}, "variant_policy"), ({"variant_policy": "fixed"}, "variant"),
     ({"tiebreaks": ["sb"]}, "tiebreaks"), ({"tiebreaks": [" BH"]}, "tiebreaks"), ({"tiebreaks": [""]}, "tiebreaks"),
     ({"time_control": "0+0"}, "time_control"), ({"time_control": "90.0001"}, "time_control"),
     ({"requested_bye_points": 0.25}, "requested_bye_points")],
)  # fmt: skip
def test_what_the_schema_forbids_is_refused_whatever_the_event(api, body, field):
    """The body alone decides (the schema says it): a variant names its policy, a fixed policy its variant,
    tie-breaks are written as C.07 writes them, a time control gives some time, to the millisecond."""
    client, slug = api
    assert not jsonschema.Draft4Validator(patch_schema()).is_valid(body)  # the schema says so too
    answer = client.patch(f"/api/events/{slug}/", body, format="json")
    assert answer.status_code == 400, answer.content
    assert field in [e["field"] for e in answer.json()["errors"]]


@pytest.mark.parametrize(
    "body",
    [{"variant_policy": "fixed", "variant": "reach"}, {"variant_policy": "rvc-two-rolls"}, {"tiebreaks": ["BH-M2", "PS-C3"]},
     {"time_control": " 40 / 5400 : 30M + 30s "}, {"time_control": "0d5"}, {"requested_bye_points": 0.5}, {}],
)  # fmt: skip
def test_what_the_schema_allows_is_taken(api, body):
    client, slug = api
    assert jsonschema.Draft4Validator(patch_schema()).is_valid(body)
    answer = client.patch(f"/api/events/{slug}/", body, format="json")
    assert answer.status_code == 200, answer.content
