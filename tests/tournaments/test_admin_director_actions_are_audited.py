"""Every director action lands in the event's audit trail: forbidden pairings and pairing numbers changed in the
event's admin page too."""

from __future__ import annotations

import pytest

from tests.tournaments.helpers import make_event
from tournaments.models import Event, PairingChange

pytestmark = pytest.mark.django_db


def _form(event: Event, **fields) -> dict:
    regs = list(event.registrations.order_by("seed"))
    body = {"name": event.name, "slug": event.slug, "format": event.format, "rounds_planned": str(event.rounds_planned),
            "variant_policy": event.draw.name, "variant_key": "", "time_control": event.time_control,
            "scoring": event.scoring, "tiebreaks": event.tiebreaks, "organizer": str(event.organizer_id),
            "is_public": "on", "registrations-TOTAL_FORMS": str(len(regs)), "registrations-INITIAL_FORMS": str(len(regs)),
            "forbidden_pairings-TOTAL_FORMS": "0", "forbidden_pairings-INITIAL_FORMS": "0"}  # fmt: skip
    for i, reg in enumerate(regs):
        body.update({f"registrations-{i}-id": str(reg.pk), f"registrations-{i}-event": str(event.pk),
                     f"registrations-{i}-player": str(reg.player_id), f"registrations-{i}-seed": str(reg.seed)})  # fmt: skip
    body.update(fields)
    return body


def test_a_forbidden_pairing_and_a_seed_changed_in_the_event_page_are_audited(client):
    event, organizer, players = make_event(3, slug="aud", rounds=3)
    client.force_login(organizer)
    body = _form(event, **{"forbidden_pairings-TOTAL_FORMS": "1", "forbidden_pairings-0-player_a": str(players[0].pk),
                           "forbidden_pairings-0-player_b": str(players[1].pk), "forbidden_pairings-0-reason": "siblings",
                           "registrations-2-seed": "9"})  # fmt: skip
    answer = client.post(f"/admin/tournaments/event/{event.pk}/change/", body)
    assert answer.status_code == 302, answer.content.decode()[:3000]
    forbidden = PairingChange.objects.get(event=event, action="forbidden-pairings-changed")
    assert f"Forbidden: {players[0].name} - {players[1].name} (siblings)" in forbidden.description
    seeds = PairingChange.objects.get(event=event, action="seeds-changed")
    assert f"{players[2].name}: seed 3 → 9" in seeds.description and seeds.user == organizer
