"""Every board of a round says why its players meet and why each has their colour (issue 29): in the public round
API (``explanation``) and on the round page, for a round of the FIDE Dutch system and one of the seed's schedule;
the colour sentence names the colours the board has, and a player said to have the colour due has it."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.tournaments.helpers import draw_fields, make_event
from tournaments.models import Game
from tournaments.services import enter_result, pair_round, publish_round
from variants import policies
from variants.registry import fixed_keys

pytestmark = pytest.mark.django_db
RESULTS = ["1-0", "1/2-1/2", "0-1", "1-0"]


def _run(event, organizer, rounds):
    for number in range(1, rounds + 1):
        rnd = publish_round(pair_round(event, number, by=organizer), by=organizer)
        if number == rounds:
            return rnd
        for i, game in enumerate(rnd.games.order_by("board")):
            result = RESULTS[(i + number) % len(RESULTS)]
            if result == "1/2-1/2":  # dynamic scoring weighs the material of a draw: the start's
                enter_result(game, result=result, termination="agreement", position=game.start_position, by=organizer)
            else:
                enter_result(game, result=result, termination="resignation", by=organizer)
    raise AssertionError("unreachable")


def _check(event, rnd):
    answer = Client().get(f"/api/events/{event.slug}/rounds/{rnd.number}/")
    assert answer.status_code == 200, answer.content
    games = answer.json()["games"]
    assert games and all(g["explanation"] for g in games)
    for g in games:
        white, black, text = g["white"]["name"], g["black"]["name"], g["explanation"]
        assert f"{white} has White and {black} Black" in text, text
        for name, has in ((white, "White"), (black, "Black")):
            said = re.search(rf"{re.escape(name)} \([^)]*\) was due (White|Black)( but has (White|Black))?", text)
            if said:  # "was due X" alone means the board gives X; "but has Y" names the board's colour
                assert (said.group(3) or said.group(1)) == has, text
    page = Client().get(f"/events/{event.slug}/rounds/{rnd.number}/").content.decode()
    assert "Why these pairings" in page and page.count("<strong>Board ") == len(games)
    return games


def test_a_dutch_round_explains_every_board_by_score_groups_floats_and_colour_preferences():
    fields = {**draw_fields(policies.FIXED), "variant_key": fixed_keys()[0]}
    event, organizer, _ = make_event(10, slug="why-dutch", scoring="classical", rounds=4, **fields)
    games = _check(event, _run(event, organizer, 3))
    text = " ".join(g["explanation"] for g in games)
    assert "score group" in text and "FIDE colour preferences" in text
    event_page = Client().get(f"/events/{event.slug}/").content.decode()
    assert "How rounds are paired" in event_page and "FIDE Dutch system (C.04.3)" in event_page


def test_a_seed_schedule_round_explains_the_gaps_the_schedule_and_the_block():
    event, organizer, _ = make_event(7, slug="why-seed", scoring="dynamic", rounds=4, **draw_fields(policies.draws()[0].name))
    games = _check(event, _run(event, organizer, 3))
    text = " ".join(g["explanation"] for g in games)
    assert "the seed's schedule (colours change only after odd rounds" in text
    assert "Round 3 opens variant block 2 (rounds 3 and 4)" in text
    assert "Swiss for Random Variant Chess" in Client().get(f"/events/{event.slug}/").content.decode()


def test_round_one_explains_the_top_half_against_the_bottom_half():
    fields = {**draw_fields(policies.FIXED), "variant_key": fixed_keys()[0]}
    event, organizer, _ = make_event(4, slug="why-one", scoring="classical", rounds=3, **fields)
    games = _check(event, _run(event, organizer, 1))
    assert all("Round 1: the field is ranked by pairing number" in g["explanation"] for g in games)
    assert Game.objects.filter(round__event=event).count() == 2
