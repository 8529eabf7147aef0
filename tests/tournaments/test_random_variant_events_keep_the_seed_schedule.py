"""Random Variant Chess events keep the seed's colour schedule (pairing.swiss, unchanged): every
round the event pairs is what pair_swiss gives on the event's history; a fixed variant on the dice-rolled
engine is still Random Variant Chess, and round-robins and matches keep their own schedules."""

from __future__ import annotations

import pytest

from pairing.swiss import pair_swiss
from scoring import get_profile
from tests.tournaments.helpers import draw_fields, make_event, play_round
from tournaments.models import Bye, Event, Round
from tournaments.services import first_white, pair_round, pairing_system_for, pairing_system_label, publish_round
from tournaments.services.rounds import swiss_players
from variants.registry import fixed_keys

pytestmark = pytest.mark.django_db


def _seed_schedule(event: Event, number: int):
    players = swiss_players(event, number)  # the records as pair_swiss reads them
    return pair_swiss(players, number, points_per_game=get_profile(event.scoring).game_total,
                      first_colour_white=first_white(event))  # fmt: skip


@pytest.mark.parametrize("draw", ["rvc-one-roll", "rvc-two-rolls"])
def test_a_random_variant_event_pairs_every_round_by_the_seed_schedule(draw):
    event, organizer, _ = make_event(9, slug=f"rvc-{draw}", rounds=4, **draw_fields(draw))
    assert pairing_system_for(event) == "seed-schedule"
    assert "seed's colour schedule" in pairing_system_label(event)
    for number in range(1, 5):
        expected = _seed_schedule(event, number)
        rnd = publish_round(pair_round(event, by=organizer))
        assert [(g.white_id, g.black_id) for g in rnd.games.order_by("board")] == expected.pairs, f"round {number}"
        assert list(rnd.byes.filter(kind=Bye.Kind.PAIRING).values_list("player_id", flat=True)) == [expected.bye]
        play_round(rnd, by=organizer, result="1-0" if number % 2 else "0-1", termination="resignation")
    assert Round.objects.filter(event=event).count() == 4


def test_only_a_swiss_in_a_fixed_variant_is_dutch_and_other_formats_keep_their_schedules():
    fixed = {"variant_policy": "fixed", "variant_key": fixed_keys()[0]}
    assert pairing_system_for(make_event(4, slug="fixed-swiss", **fixed)[0]) == "dutch"
    assert pairing_system_for(make_event(4, slug="fixed-rr", fmt=Event.Format.ROUND_ROBIN, **fixed)[0]) == "round-robin"
    assert pairing_system_for(make_event(2, slug="fixed-match", fmt=Event.Format.MATCH, **fixed)[0]) == "match"
    assert pairing_system_for(make_event(4, slug="rvc-rr", fmt=Event.Format.ROUND_ROBIN)[0]) == "round-robin"
