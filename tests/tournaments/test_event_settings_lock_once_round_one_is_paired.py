"""Records that hold: once round 1 is paired an event's format, scoring and variant are refused naming the field,
in the organizer API (409) and in the admin's event form alike; tie-breaks and planned rounds may change, audited.
Before that every field may change, and both refuse the same bad values (one check: event_settings)."""

from __future__ import annotations

import pytest

from tests.tournaments.helpers import make_user
from tests.tournaments.organizer_api_support import client_for, decisive_results, event_with_players, organizer, paired
from tournaments.models import Event, PairingChange

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    user = organizer()
    client = client_for(user)
    return client, event_with_players(client), user


def patch(client, slug, **body):
    return client.patch(f"/api/events/{slug}/", body, format="json")


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"format": "rr"}, "format"),
        ({"scoring": "classical"}, "scoring"),
        ({"variant_policy": "rvc-two-rolls"}, "variant_policy"),
        ({"variant_policy": "fixed", "variant": "chess"}, "variant"),
    ],
)
def test_after_round_one_is_paired_the_locked_fields_are_a_409_naming_the_field(api, body, field):
    client, slug, _ = api
    paired(client, slug)
    before = Event.objects.values().get(slug=slug)
    answer = patch(client, slug, **body)
    assert answer.status_code == 409, answer.content
    assert field in [e["field"] for e in answer.json()["errors"]]
    assert Event.objects.values().get(slug=slug) == before
    assert not PairingChange.objects.filter(action="event-changed").exists()


def test_an_unchanged_locked_field_is_no_conflict_and_tiebreaks_and_rounds_change_audited(api):
    client, slug, user = api
    paired(client, slug)
    answer = patch(client, slug, format="swiss", scoring="dynamic", tiebreaks=["SB", "BH"], rounds=6)
    assert answer.status_code == 200, answer.content
    event = Event.objects.get(slug=slug)
    assert (event.tiebreaks, event.rounds_planned) == (["SB", "BH"], 6)
    entry = PairingChange.objects.get(event=event, action="event-changed")
    assert entry.user == user and entry.before == {"rounds_planned": 4, "tiebreaks": ["BH-C1", "BH", "SB", "DE", "WIN", "BPG"]}
    assert entry.after == {"rounds_planned": 6, "tiebreaks": ["SB", "BH"]}
    assert patch(client, slug, rounds=0).status_code == 400


def test_fewer_planned_rounds_than_are_paired_is_a_409_naming_rounds(api):
    """The event's state forbids it (round 2 is paired), not the value: the same body is taken before."""
    client, slug, _ = api
    first = paired(client, slug)
    client.post(f"/api/events/{slug}/rounds/1/publish/")
    client.post(f"/api/events/{slug}/rounds/1/results/", decisive_results(first), format="json")
    paired(client, slug)
    answer = patch(client, slug, rounds=1)
    assert answer.status_code == 409, answer.content
    assert [e["field"] for e in answer.json()["errors"]] == ["rounds"]
    assert patch(client, slug, rounds=2).status_code == 200


def test_before_round_one_the_variant_and_format_may_change(api):
    client, slug, _ = api
    answer = patch(client, slug, variant_policy="fixed", variant="reach", format="rr", scoring="classical")
    assert answer.status_code == 200, answer.content
    event = Event.objects.get(slug=slug)
    assert (event.variant_policy, event.variant_key, event.format, event.scoring) == ("fixed", "reach", "rr", "classical")


@pytest.mark.parametrize(
    ("body", "field"),
    [({"time_control": "abc"}, "time_control"), ({"tiebreaks": "XYZ,,"}, "tiebreaks"), ({"tiebreaks": "BH,,SB"}, "tiebreaks"),
     ({"variant_policy": "fixed", "variant": "nosuch"}, "variant")],
)  # fmt: skip
def test_bad_values_are_a_400_naming_the_field(api, body, field):
    client, slug, _ = api
    answer = patch(client, slug, **body)
    assert answer.status_code == 400, answer.content
    assert field in [e["field"] for e in answer.json()["errors"]]


def test_creating_an_event_refuses_a_time_control_the_clocks_cannot_read():
    client = client_for(organizer())
    body = {"name": "X", "format": "swiss", "rounds": 4, "variant_policy": "rvc-one-roll", "scoring": "dynamic",
            "time_control": "abc"}  # fmt: skip
    answer = client.post("/api/events/", body, format="json")
    assert answer.status_code == 400 and answer.json()["errors"][0]["field"] == "time_control"
    assert not Event.objects.exists()


def test_only_the_organizer_patches(api):
    client, slug, _ = api
    other = client_for(organizer("someone"))
    assert patch(other, slug, name="Mine").status_code == 403


# --- the admin's form: the same refusals --------------------------------------------------------------------------


def _form(event: Event, **fields) -> dict:
    body = {"name": event.name, "slug": event.slug, "format": event.format, "rounds_planned": str(event.rounds_planned),
            "variant_policy": event.draw.name, "variant_key": "", "time_control": event.time_control,
            "scoring": event.scoring, "tiebreaks": event.tiebreaks, "organizer": str(event.organizer_id),
            "is_public": "on", "registration": event.registration, "check_in_opens_minutes": str(event.check_in_opens_minutes),
            "requested_bye_points": str(event.requested_bye_points), "max_requested_byes": str(event.max_requested_byes),
            "registrations-TOTAL_FORMS": "0", "registrations-INITIAL_FORMS": "0",
            "forbidden_pairings-TOTAL_FORMS": "0", "forbidden_pairings-INITIAL_FORMS": "0", **fields}  # fmt: skip
    return body


@pytest.fixture
def admin_event(client, api):
    api_client, slug, user = api
    event = Event.objects.get(slug=slug)
    client.force_login(user)
    return client, event, api_client


@pytest.mark.parametrize(
    ("fields", "field", "reason"),
    [
        ({"format": "rr"}, "format", "round 1 is paired"),
        ({"scoring": "classical"}, "scoring", "round 1 is paired"),
        ({"variant_policy": "rvc-two-rolls"}, "variant_policy", "round 1 is paired"),
        ({"variant_policy": "fixed", "variant_key": "chess"}, "variant_policy", "round 1 is paired"),
    ],
)
def test_the_admin_refuses_the_locked_fields_once_paired_keeping_what_was_typed(admin_event, fields, field, reason):
    client, event, api_client = admin_event
    paired(api_client, event.slug)
    before = Event.objects.values().get(pk=event.pk)
    answer = client.post(f"/admin/tournaments/event/{event.pk}/change/", _form(event, name="Typed name", **fields))
    page = answer.content.decode()
    assert answer.status_code == 200 and reason in page and 'value="Typed name"' in page
    assert Event.objects.values().get(pk=event.pk) == before


@pytest.mark.parametrize(
    ("fields", "reason"),
    [({"variant_policy": "fixed", "variant_key": "nosuch"}, "Select a valid choice"),
     ({"time_control": "abc"}, "cannot read period"), ({"tiebreaks": "XYZ,,"}, "unknown tie-break XYZ"),
     ({"tiebreaks": "BH,,SB"}, "an empty tie-break")],
)  # fmt: skip
def test_the_admin_refuses_what_the_api_refuses(admin_event, fields, reason):
    client, event, _ = admin_event
    before = Event.objects.values().get(pk=event.pk)
    answer = client.post(f"/admin/tournaments/event/{event.pk}/change/", _form(event, **fields))
    assert answer.status_code == 200 and reason in answer.content.decode()
    assert Event.objects.values().get(pk=event.pk) == before


def test_the_admin_changes_tiebreaks_after_pairing_audited(admin_event):
    client, event, api_client = admin_event
    paired(api_client, event.slug)
    answer = client.post(f"/admin/tournaments/event/{event.pk}/change/", _form(event, tiebreaks="bh,sb", rounds_planned="5"))
    assert answer.status_code == 302, answer.content.decode()[:3000]
    event.refresh_from_db()
    assert (event.tiebreaks, event.rounds_planned) == (["BH", "SB"], 5)
    entry = PairingChange.objects.get(event=event, action="event-changed")
    assert entry.after == {"rounds_planned": 5, "tiebreaks": ["BH", "SB"]} and entry.user.username == "director"


def test_an_arbiter_cannot_change_the_event(admin_event):
    client, event, _ = admin_event
    arbiter = make_user("arb", is_staff=True)
    event.arbiters.add(arbiter)
    client.force_login(arbiter)
    client.post(f"/admin/tournaments/event/{event.pk}/change/", _form(event, name="Renamed"))
    assert Event.objects.get(pk=event.pk).name == event.name


def test_the_same_draw_written_either_way_is_no_conflict(api):
    client, slug, _ = api
    paired(client, slug)
    Event.objects.filter(slug=slug).update(variant_options={"rolls": 1})  # one roll, written out
    answer = patch(client, slug, variant_policy="rvc-one-roll", name="Autumn Open II")
    assert answer.status_code == 200, answer.content
    assert Event.objects.get(slug=slug).name == "Autumn Open II"
