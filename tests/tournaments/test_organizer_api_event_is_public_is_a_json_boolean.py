"""Creating an event: ``is_public`` is a JSON boolean as the schema says (not 0, "yes" or "on"); anything else is a
400 naming it that creates nothing."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.tournaments.organizer_api_support import client_for
from tournaments.models import Event

pytestmark = pytest.mark.django_db

BODY = {"name": "Autumn Open", "format": "swiss", "rounds": 4, "variant_policy": "rvc-one-roll", "scoring": "dynamic"}


@pytest.fixture
def director():
    return client_for(get_user_model().objects.create_user("director", is_staff=True))


@pytest.mark.parametrize("value", [0, 1, "yes", "on", "true"])
def test_is_public_other_than_a_json_boolean_is_a_400_naming_it(director, value):
    response = director.post("/api/events/", {**BODY, "is_public": value}, format="json")
    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["is_public"]
    assert not Event.objects.exists()
