"""The event's TRF export carries what a FIDE-endorsed pairing engine needs besides the games: XXR (rounds
planned), XXC (the drawn colour of pairing number 1, once drawn; exporting never draws it) and an XXP line per
forbidden pairing in the export's start numbers, all read back by the TRF reader."""

from __future__ import annotations

import pytest

from pairing.trf import parse_trf
from scoring import CLASSICAL
from tournaments.exports.trf import start_ranks, tournament_trf
from tournaments.models import ColourDraw, Event, ForbiddenPairing
from tournaments.services.colour_draw import first_white
from tournaments.services.simulation import simulate
from tournaments.tasks.standings import one_snapshot_per_event
from variants import policies
from variants.registry import fixed_keys

pytestmark = pytest.mark.django_db


def _dutch_event() -> Event:
    return simulate(format="swiss", players=8, rounds=3, seed=5, draw=policies.FIXED_DRAW,
                    variant_key=fixed_keys()[0], scoring=CLASSICAL.key,
                     standings_batch=one_snapshot_per_event).event  # fmt: skip


def test_the_drawn_colour_and_the_forbidden_pairs_are_in_the_export():
    event = _dutch_event()
    ranks = start_ranks(event)
    ForbiddenPairing.objects.create(event=event, player_a=ranks[1].player, player_b=ranks[4].player, reason="club")
    text = tournament_trf(event, None)
    tail = text.split("\r\n")[-4:-1]
    assert tail == ["XXR 3", "XXC white1" if first_white(event) else "XXC black1", "XXP 2 5"]
    read = parse_trf(text, for_pairing=False)
    assert read.forbidden == [(2, 5)] and read.initial_colour == ("w" if first_white(event) else "b")


def test_an_export_before_the_colour_is_drawn_has_no_xxc_and_draws_nothing():
    event = _dutch_event()
    ColourDraw.objects.filter(event=event).delete()
    text = tournament_trf(event, None)
    assert "XXC" not in text
    assert not ColourDraw.objects.filter(event=event).exists()
