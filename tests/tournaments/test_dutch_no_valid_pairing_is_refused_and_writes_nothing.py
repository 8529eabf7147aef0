"""A Dutch round that no pairing can satisfy (forbidden pairs leave a player nobody to meet) is refused with the
reason, to the director in the service's Conflict and to the API client as a 409 naming the round; nothing is
written: no round, no board, no bye, no audit entry, and the event stays as it was."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tests.tournaments.helpers import make_event
from tests.tournaments.organizer_api_support import client_for
from tournaments.models import Bye, Event, ForbiddenPairing, Game, PairingChange, Round
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
