"""The admin's event form offers the draws by name (a fixed variant, or a rolled variant's way with the dice) and
stores the policy, the variant and the draw's options; what the API refuses, it refuses, keeping what was typed."""

from __future__ import annotations

import pytest

from tests.tournaments.helpers import make_user
from tournaments.models import Event

pytestmark = pytest.mark.django_db
URL = "/admin/tournaments/event/add/"


@pytest.fixture
def director(client):
    user = make_user("director", is_staff=True)
    client.force_login(user)
    return client, user


def _post(client, user, **fields):
    body = {"name": "Autumn Open", "slug": "autumn-open", "format": "swiss", "rounds_planned": "4",
            "time_control": "90+30", "scoring": "dynamic", "tiebreaks": "BH-C1", "organizer": str(user.pk),
            "is_public": "on", "registrations-TOTAL_FORMS": "0", "registrations-INITIAL_FORMS": "0",
            "forbidden_pairings-TOTAL_FORMS": "0", "forbidden_pairings-INITIAL_FORMS": "0", **fields}  # fmt: skip
    return client.post(URL, body)


def test_the_form_offers_the_draws_by_name(director):
    client, _ = director
    page = client.get(URL).content.decode()
    for value, label in (("rvc-one-roll", "Random Variant Chess, one roll"), ("rvc-two-rolls", "Random Variant Chess, two rolls"),
                         ("fixed", "A fixed variant")):  # fmt: skip
        assert f'value="{value}"' in page and label in page
    assert '<option value="rvc-one-roll" selected>' in page  # a new event starts from the first draw


def test_two_rolls_are_stored_as_the_dice_policy_with_its_option(director):
    client, user = director
    answer = _post(client, user, variant_policy="rvc-two-rolls", variant_key="")
    assert answer.status_code == 302, answer.content.decode()[:2000]
    event = Event.objects.get(slug="autumn-open")
    assert (event.variant_policy, event.variant_key, event.variant_options) == ("dice", "rvc", {"rolls": 2})
    assert event.draw.name == "rvc-two-rolls"
    edit = client.get(f"/admin/tournaments/event/{event.pk}/change/").content.decode()
    assert '<option value="rvc-two-rolls" selected>' in edit


def test_a_fixed_variant_is_stored_with_its_key(director):
    client, user = director
    assert _post(client, user, variant_policy="fixed", variant_key="reach").status_code == 302
    event = Event.objects.get(slug="autumn-open")
    assert (event.variant_policy, event.variant_key, event.variant_options) == ("fixed", "reach", {})


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"variant_policy": "fixed", "variant_key": ""}, "a fixed policy needs its variant"),
        ({"variant_policy": "fixed", "variant_key": "rvc"}, "is played from dice"),
        ({"variant_policy": "rvc3", "variant_key": ""}, "Select a valid choice"),
    ],
)
def test_what_makes_no_draw_is_refused_and_keeps_what_was_typed(director, fields, reason):
    client, user = director
    answer = _post(client, user, **fields)
    page = answer.content.decode()
    assert answer.status_code == 200 and reason in page
    assert 'value="Autumn Open"' in page  # the form keeps what was typed
    assert not Event.objects.exists()
