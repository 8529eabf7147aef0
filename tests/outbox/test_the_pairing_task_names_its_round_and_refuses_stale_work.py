"""The pairing task pairs exactly the round it names, all or nothing, and refuses stale work: a round that is not
the next one, one already paired or published, or no round number at all."""

from __future__ import annotations

import pytest
from django.db import DatabaseError

from tests.tournaments.helpers import make_event, play_round
from tournaments.models import Game, PairingChange, Round
from tournaments.services import pair_round, publish_round
from tournaments.tasks.pairing import pair_and_publish_round

pytestmark = pytest.mark.django_db


def _run(*args, **kwargs) -> dict:
    return pair_and_publish_round.apply(args=args, kwargs=kwargs).get()


def test_the_round_number_is_required():
    event, organizer, _ = make_event(4)
    refusal = {"ok": False, "error": "name the round to pair (a number from 1), not None"}
    assert _run(event.pk, None, True, organizer.pk) == refusal
    assert not Round.objects.filter(event=event).exists()


def test_a_round_that_is_not_the_next_one_is_refused_and_nothing_else_is_paired():
    event, organizer, _ = make_event(4)
    outcome = _run(event.pk, 2, True, organizer.pk)
    assert outcome["ok"] is False and "the next round is 1" in outcome["error"]
    assert not Round.objects.filter(event=event).exists()


def test_a_round_paired_by_the_director_for_review_is_not_published_by_a_stale_task():
    event, organizer, _ = make_event(4)
    pair_round(event, 1, by=organizer)
    outcome = _run(event.pk, 1, True, organizer.pk)
    assert outcome["ok"] is False and outcome["error"].startswith("round 1 is already paired")
    assert Round.objects.get(event=event, number=1).status == Round.Status.PAIRED


def test_the_next_round_is_paired_and_published_once():
    event, organizer, _ = make_event(4)
    play_round(publish_round(pair_round(event, 1, by=organizer)), by=organizer)
    assert _run(event.pk, 2, True, organizer.pk) == {"ok": True, "round": 2, "status": "published"}
    assert _run(event.pk, 2, True, organizer.pk) == {"ok": False, "error": "round 2 is already published"}
    assert Game.objects.filter(round__event=event, round__number=2).count() == 2
    assert not Round.objects.filter(event=event, number=3).exists()


def test_a_failure_while_publishing_leaves_no_paired_round(monkeypatch):
    event, organizer, _ = make_event(4)

    def broken(*args, **kwargs):
        raise DatabaseError("the worker's connection died while publishing")

    monkeypatch.setattr("tournaments.services.publish_round", broken)
    with pytest.raises(DatabaseError):
        _run(event.pk, 1, True, organizer.pk)
    assert not Round.objects.filter(event=event).exclude(status=Round.Status.PENDING).exists()
    assert not Game.objects.filter(round__event=event).exists()
    assert not PairingChange.objects.filter(event=event, description__contains="paired").exists()
