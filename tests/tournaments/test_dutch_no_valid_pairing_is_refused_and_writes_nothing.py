"""A Dutch round that no pairing can satisfy (forbidden pairs leave a player nobody to meet) is refused with the
reason, to the director as a message on the run sheet and to the API client as a 409 naming the round; nothing is
written: no round, no board, no bye, no audit entry, no colour drawn, and the event stays as it was."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.tournaments.helpers import make_event
from tests.tournaments.organizer_api_support import client_for
from tournaments.models import Bye, ColourDraw, Event, ForbiddenPairing, Game, PairingChange, Round
from tournaments.services import announce_event, pair_round, pairing_system_for
from tournaments.services.errors import Conflict
from variants.registry import fixed_keys

pytestmark = pytest.mark.django_db


def _cornered_event():
    """Four players in a fixed variant; player 1 may meet none of the other three."""
    event, organizer, players = make_event(4, slug="cornered", variant_policy="fixed", variant_key=fixed_keys()[0])
    for other in players[1:]:
        ForbiddenPairing.objects.create(event=event, player_a=players[0], player_b=other, reason="same club")
    announce_event(event, by=organizer)
    return Event.objects.get(pk=event.pk), organizer


def _nothing_written(event: Event, status: str, audit_entries: int) -> None:
    assert not Round.objects.filter(event=event).exists()
    assert not Game.objects.filter(round__event=event).exists()
    assert not Bye.objects.filter(round__event=event).exists()
    assert PairingChange.objects.filter(event=event).count() == audit_entries
    assert Event.objects.get(pk=event.pk).status == status
    assert ColourDraw.objects.get(event=event).first_white is None  # the colour is not drawn either


def test_the_service_refuses_naming_the_dutch_system_and_writes_nothing():
    event, organizer = _cornered_event()
    assert pairing_system_for(event) == "dutch"
    audit_entries = PairingChange.objects.filter(event=event).count()
    with pytest.raises(Conflict, match="round 1 cannot be paired by the FIDE Dutch system") as refusal:
        pair_round(event, by=organizer)
    assert isinstance(refusal.value, ValidationError)  # the admin shows it as it shows every refusal
    _nothing_written(event, event.status, audit_entries)


def test_the_api_answers_409_naming_the_round_and_writes_nothing():
    event, organizer = _cornered_event()
    audit_entries = PairingChange.objects.filter(event=event).count()
    response = client_for(organizer).post(f"/api/events/{event.slug}/rounds/")
    assert response.status_code == 409, response.content
    assert "FIDE Dutch system" in str(response.json())
    _nothing_written(event, event.status, audit_entries)


def test_the_director_sees_the_reason_on_the_run_sheet_and_nothing_is_written(client):
    event, organizer = _cornered_event()
    audit_entries = PairingChange.objects.filter(event=event).count()
    client.force_login(organizer)
    url = reverse("admin:tournaments_event_director", args=[event.pk])
    response = client.post(url, {"op": "pair"}, follow=True)
    shown = [str(message) for message in response.context["messages"]]
    assert any("round 1 cannot be paired by the FIDE Dutch system" in message for message in shown), shown
    assert "FIDE Dutch system (C.04.3)" in response.content.decode()  # the run sheet names the system
    _nothing_written(event, event.status, audit_entries)
