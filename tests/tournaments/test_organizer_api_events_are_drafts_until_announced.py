"""POST /api/events/ makes a draft that only its staff see (API and pages) until it is announced; every refusal
names its field, changes nothing, and tokens decide who may do what (401 without one, 403 for another's event)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.tournaments.organizer_api_support import client_for, create_event, organizer
from tournaments.models import Event, PairingChange, VariantBlock
from variants.registry import fixed_keys, rolled_key

pytestmark = pytest.mark.django_db


def test_a_new_event_is_a_draft_with_its_dice_committed_and_the_api_names_of_its_settings():
    client = client_for(organizer())
    body = create_event(client, name="Autumn Open", variant=rolled_key())
    shown = (body["slug"], body["status"], body["variant_policy"], body["format"])
    assert shown == ("autumn-open", "draft", "rvc-one-roll", "swiss")
    event = Event.objects.get(slug="autumn-open")
    shown = (event.variant_policy, event.variant_key, event.variant_options, event.rounds_planned, event.organizer.username)
    assert shown == ("dice", "rvc", {"rolls": 1}, 4, "director")
    # Four rounds make two blocks, both committed before anything is rolled.
    assert [(b["index"], b["first_round"], b["last_round"]) for b in body["blocks"]] == [(1, 1, 2), (2, 3, 4)]
    for block in body["blocks"]:
        assert len(block["commitment"]) == 64 and block["roll"] is None and block["seed"] is None and block["how"] is None
    assert VariantBlock.objects.filter(event=event, rolled_at__isnull=True).count() == 2
    assert PairingChange.objects.get(event=event).action == "event-created"


def test_a_draft_is_404_to_the_public_and_to_other_organizers_until_announced(client):
    mine = client_for(organizer())
    slug = create_event(mine)["slug"]
    stranger = client_for(organizer("other"))
    for reader in (APIClient(), stranger):
        assert reader.get(f"/api/events/{slug}/").status_code == 404
        assert slug not in str(reader.get("/api/events/").json())
    assert client.get(f"/events/{slug}/").status_code == 404  # the public page too
    assert mine.get(f"/api/events/{slug}/").json()["status"] == "draft"

    assert stranger.post(f"/api/events/{slug}/announce/").status_code == 403
    assert APIClient().post(f"/api/events/{slug}/announce/").status_code == 401
    response = mine.post(f"/api/events/{slug}/announce/")
    assert response.status_code == 200 and response.json()["status"] == "announced"
    assert APIClient().get(f"/api/events/{slug}/").status_code == 200
    page = client.get(f"/events/{slug}/")
    assert page.status_code == 200
    # The public event page shows each block's commitment before its roll.
    commitment = VariantBlock.objects.get(event__slug=slug, index=1).commitment
    assert commitment in page.content.decode() and "not rolled yet" in page.content.decode()


def test_a_fixed_event_names_its_variant_and_has_no_dice():
    client = client_for(organizer())
    body = create_event(client, name="Club Cup", variant_policy="fixed", variant=fixed_keys()[0], scoring="classical")
    assert (body["variant_policy"], body["variant"], body["blocks"]) == ("fixed", fixed_keys()[0], [])


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"format": "knockout"}, "format"),
        ({"rounds": 0}, "rounds"),
        ({"rounds": "five"}, "rounds"),
        ({"variant_policy": "rvc1"}, "variant_policy"),
        ({"variant_policy": "fixed", "variant": "no-such-variant"}, "variant"),
        ({"variant": "not-the-rolled-one"}, "variant"),
        ({"scoring": "olympic"}, "scoring"),
        ({"name": ""}, "name"),
        ({"slug": "not a slug!"}, "slug"),
    ],
)
def test_a_bad_event_is_a_400_naming_the_field_and_creates_nothing(change, field):
    client = client_for(organizer())
    body = {"name": "Autumn Open", "format": "swiss", "rounds": 4, "variant_policy": "rvc-one-roll", "scoring": "dynamic"}
    response = client.post("/api/events/", {**body, **change}, format="json")
    assert response.status_code == 400, response.content
    assert field in [e["field"] for e in response.json()["errors"]]
    assert not Event.objects.exists()


def test_a_slug_taken_is_refused_and_a_repeated_name_gets_a_new_slug():
    client = client_for(organizer())
    create_event(client, name="Autumn Open")
    assert create_event(client, name="Autumn Open")["slug"] == "autumn-open-2"
    response = client.post("/api/events/", {"name": "X", "slug": "autumn-open", "format": "swiss", "rounds": 3,
                                            "variant_policy": "rvc-one-roll", "scoring": "dynamic"}, format="json")  # fmt: skip
    assert response.status_code == 409 and response.json()["errors"][0]["field"] == "slug"
    assert Event.objects.count() == 2


def test_creating_needs_a_token_of_an_organizer():
    body = {"name": "X", "format": "swiss", "rounds": 3, "variant_policy": "rvc-one-roll", "scoring": "dynamic"}
    assert APIClient().post("/api/events/", body, format="json").status_code == 401
    bad = APIClient()
    bad.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    assert bad.post("/api/events/", body, format="json").status_code == 401
    player = organizer("player")
    player.is_staff = False
    player.save()
    assert client_for(player).post("/api/events/", body, format="json").status_code == 403
    assert not Event.objects.exists()


def test_a_stale_token_does_not_stop_a_public_read():
    slug = create_event(client_for(organizer()))["slug"]
    client_for(organizer("x")).post(f"/api/events/{slug}/announce/")  # refused: not theirs
    stale = APIClient()
    stale.credentials(HTTP_AUTHORIZATION="Token stale")
    assert stale.get(f"/api/events/{slug}/").status_code == 404  # still a draft
    assert stale.get("/api/events/").status_code == 200
