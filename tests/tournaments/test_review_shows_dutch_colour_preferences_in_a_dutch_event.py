"""The director's review of a round explains colours by the system the event is paired with: the FIDE Dutch colour
preferences (C.04.1: even out whites and blacks, else alternate) in a fixed-variant Swiss, the seed's schedule
(colours change after odd rounds) in Random Variant Chess."""

from __future__ import annotations

import pytest

from scoring import CLASSICAL
from tournaments.services.history import event_history
from tournaments.services.review import DUTCH_PATTERN, SEED_PATTERN, due_colour, dutch_due_colour, review_rows
from tournaments.services.simulation import simulate
from tournaments.tasks.standings import one_snapshot_per_event
from variants import policies
from variants.registry import fixed_keys


def test_dutch_preferences_even_out_then_alternate():
    assert dutch_due_colour({}, 1) is None
    assert dutch_due_colour({1: "w"}, 2) == "b"
    assert dutch_due_colour({1: "w", 2: "b"}, 3) == "w"  # even: the other colour than the last game's
    assert dutch_due_colour({1: "w", 2: "w"}, 3) == "b"
    assert dutch_due_colour({1: "w", 2: "b", 3: "w"}, 4) == "b"
    assert dutch_due_colour({1: "b", 2: "-", 3: "w", 4: "w"}, 5) == "b"  # a bye is no colour
    # where the seed's schedule says otherwise: it keeps the colour after an even round
    assert due_colour({1: "w", 2: "b"}, 3) == "b" and dutch_due_colour({1: "w", 2: "b"}, 3) == "w"


@pytest.mark.django_db
def test_the_review_of_a_dutch_round_uses_the_dutch_preferences():
    event = simulate(format="swiss", players=9, rounds=4, seed=18, draw=policies.FIXED_DRAW,
                     variant_key=fixed_keys()[0], scoring=CLASSICAL.key, play_last=False,
                     standings_batch=one_snapshot_per_event).event  # fmt: skip
    rnd = event.rounds.order_by("-number").first()
    review = review_rows(rnd)
    assert review["pattern"] == DUTCH_PATTERN
    history = event_history(event, before_round=rnd.number)
    for board in review["boards"]:
        for seat in (board["white"], board["black"]):
            assert seat.due == dutch_due_colour(history[seat.player_id].colours, rnd.number)


@pytest.mark.django_db
def test_the_review_of_a_random_variant_chess_round_keeps_the_seed_schedule():
    event = simulate(format="swiss", players=6, rounds=3, seed=18, standings_batch=one_snapshot_per_event, play_last=False).event
    rnd = event.rounds.order_by("-number").first()
    review = review_rows(rnd)
    assert review["pattern"] == SEED_PATTERN
    history = event_history(event, before_round=rnd.number)
    for board in review["boards"]:
        assert board["white"].due == due_colour(history[board["white"].player_id].colours, rnd.number)
