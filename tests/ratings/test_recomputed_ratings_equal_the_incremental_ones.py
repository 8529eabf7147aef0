"""A rated event's rating lists, brought up to date round by round by the hook's task, are exactly what
``manage.py recompute_ratings`` makes of the same record from scratch; the history is kept, a second run changes
nothing, and an unrated event's games count for nothing."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from ratings import ledger
from ratings.models import RatedPeriod, Rating, RatingHistory
from tests.ratings.world import play_round, rated_event
from tests.scoring import db
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def _lists() -> list[tuple]:
    return sorted(Rating.objects.values_list("identity", "key", "rating", "rd", "volatility", "games", "player_id"))


def _history() -> list[tuple]:
    return sorted(RatingHistory.objects.values_list("period__round_id", "identity", "rating", "rd", "volatility", "games"))


def test_recomputing_from_scratch_gives_the_incremental_ratings():
    event = rated_event()
    a, b, c, d = (db.player(name, ev=event) for name in ("Ann", "Ben", "Cleo", "Dan"))
    play_round(event, 1, [(a, b, "1-0"), (c, d, "1/2-1/2")])
    assert RatedPeriod.objects.count() == 1  # the round's last result made it final: its period is applied
    play_round(event, 2, [(a, c, "0-1"), (d, b, "1-0")])
    play_round(event, 3, [(b, c, "1/2-1/2"), (a, d, "1-0")])
    assert Round.objects.filter(event=event, status=Round.Status.COMPLETE).count() == 3
    incremental, history = _lists(), _history()
    assert len(incremental) == 4 and {row[5] for row in incremental} == {3}
    assert len(history) == 12  # each player after each of the three rounds

    assert ledger.sync() == 0  # idempotent: nothing left to apply
    call_command("recompute_ratings", stdout=io.StringIO())
    assert _lists() == incremental
    assert _history() == history


def test_a_corrected_result_rewinds_and_reapplies():
    event = rated_event()
    a, b = db.player("Ann", ev=event), db.player("Ben", ev=event)
    play_round(event, 1, [(a, b, "1-0")])
    play_round(event, 2, [(b, a, "1-0")])
    first = Round.objects.get(event=event, number=1).games.get()
    from tournaments.services.results import record_result

    record_result(first, result="0-1", termination="resignation")  # a correction after both rounds
    corrected = _lists()
    call_command("recompute_ratings", stdout=io.StringIO())
    assert _lists() == corrected
    ben = Rating.objects.get(player=b)
    assert ben.rating > 1600 and ben.games == 2  # two wins now


def test_an_unrated_event_counts_for_nothing():
    event = db.event(variant_key=rated_event().variant_key)
    a, b = db.player("Ann", ev=event), db.player("Ben", ev=event)
    play_round(event, 1, [(a, b, "1-0")])
    assert not Rating.objects.exists()
