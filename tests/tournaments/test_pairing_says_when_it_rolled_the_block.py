"""Pairing a round whose variant block nobody rolled rolls it first and says so in what it returns
(``PairedRound.rolled_now``), not in an attribute set on the round row; the admin's pair action warns."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages

from tests.tournaments.helpers import make_event
from tournaments.models import Round
from tournaments.services import PairedRound, pair_round, pair_round_outcome, roll_now

pytestmark = pytest.mark.django_db


def test_the_outcome_says_the_block_was_rolled_now_and_a_repeat_says_it_was_not():
    event, organizer, _ = make_event(4, slug="rolls", rounds=2)
    first = pair_round_outcome(event, by=organizer)
    assert isinstance(first, PairedRound) and first.rolled_now is True
    assert first.round.number == 1 and first.round.variant_block.first_roll
    assert not hasattr(first.round, "rolled_now")
    again = pair_round_outcome(event, 1, by=organizer)  # idempotent: the paired round, nothing rolled
    assert (again.round.pk, again.rolled_now) == (first.round.pk, False)
    assert pair_round(event, 1, by=organizer).pk == first.round.pk


def test_a_block_rolled_at_the_ceremony_is_not_rolled_by_pairing():
    event, organizer, _ = make_event(4, slug="ceremony", rounds=2)
    roll_now(event, 1, by=organizer)
    assert pair_round_outcome(event, by=organizer).rolled_now is False


def test_the_admin_pair_action_warns_when_it_rolled(client):
    event, organizer, _ = make_event(4, slug="action", rounds=2)
    client.force_login(organizer)
    data = {"action": "pair_next_round", "_selected_action": [event.pk]}
    response = client.post("/admin/tournaments/event/", data, follow=True)
    texts = [str(m) for m in get_messages(response.wsgi_request)]
    assert any("block 1 had not been rolled: the server rolled it now" in t for t in texts), texts
    assert Round.objects.get(event=event, number=1).status == Round.Status.PAIRED
