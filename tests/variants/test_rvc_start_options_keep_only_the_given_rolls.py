"""``start_options`` turns a block's rolls into the options ``new``/``from_position`` need: only the dice
variant takes any, and an empty roll is left out (the engine reads ``""`` as a malformed roll)."""

from __future__ import annotations

import pytest

from variants.base import InvalidPositionError
from variants.registry import engines, get_engine

RVC = get_engine("rvc")


def test_only_rvc_is_rolled():
    assert [e.key for e in engines() if e.rolled] == ["rvc"]


@pytest.mark.parametrize(
    ("first", "second", "options"),
    [
        ("", "", {}),
        ("2-4-4", "", {"roll": "2-4-4"}),
        ("2-4-4", "1-3-5", {"roll": "2-4-4", "roll2": "1-3-5"}),
        ("", "1-3-5", {"roll2": "1-3-5"}),
    ],
)
def test_rvc_keeps_the_non_empty_rolls(first, second, options):
    assert RVC.start_options(first, second) == options


def test_rvc_options_default_to_no_rolls():
    assert RVC.start_options() == {}


@pytest.mark.parametrize("engine", [e for e in engines() if not e.rolled], ids=lambda e: e.key)
def test_variants_without_dice_take_no_options_whatever_the_block_rolled(engine):
    assert engine.start_options("2-4-4", "1-3-5") == {}


def test_an_empty_roll_passed_on_would_be_refused():
    position = RVC.new(roll="2-4-4").position()
    with pytest.raises(InvalidPositionError, match="roll"):
        RVC.from_position(position, roll="", roll2="")


def test_reading_a_position_of_a_game_without_rolls_works_with_the_options():
    position = RVC.new(roll="2-4-4").position()
    assert RVC.from_position(position, **RVC.start_options("", "")).material() == {"white": 526.0, "black": 526.0}


def test_a_new_game_from_the_options_has_the_rolled_array():
    game = RVC.new(**RVC.start_options("2-4-4", ""))
    assert (game.roll, game.roll2) == ("2-4-4", None)
    assert game.position().startswith("rzwnbqkbnwzr/")
