"""RandomVariantEngine: the array from the dice, the seed's sample openings, perft consistency."""

from __future__ import annotations

import pytest

from variants import dice
from variants.base import IllegalMoveError, InvalidPositionError
from variants.registry import get_engine
from variants.rvc import RandomVariantEngine


def test_the_registry_gives_the_engine_and_the_dice_give_its_array():
    engine = get_engine("rvc").new(roll="2-4-4", roll2="5-2-2")
    assert isinstance(engine, RandomVariantEngine)
    assert engine.position() == dice.layout("2-4-4", "5-2-2").position
    assert engine.turn == "white"


def test_a_bad_roll_is_an_invalid_position():
    with pytest.raises(InvalidPositionError):
        RandomVariantEngine.new(roll="7-7-7")


def test_the_standard_array_has_36_first_moves():
    # 24 pawn moves, each Knight 2 (c3/e3 and h3/j3), each Camel 2 (b4/d4, i4/k4), each Giraffe 2 (a5/c5,
    # j5/l5); Rooks, Bishops, Queen and King are shut in.
    engine = RandomVariantEngine.new(roll="1-1-1")
    assert engine.perft(1) == 36 == len(engine.legal_moves())


def test_the_seeds_sample_openings_are_legal():
    # "1. Nh3 Nh6 2. Ne3 Ne6 3. g4" and "1. j4 GxP" (the Giraffe on k8 takes the pawn on j4).
    engine = RandomVariantEngine.new(roll="1-1-1")
    for move in ("Nh3", "Nh6", "Ne3", "Ne6", "g4"):
        engine.play(move)
    assert engine.moves() == ["Nh3", "Nh6", "Ne3", "Ne6", "g4"]
    other = RandomVariantEngine.new(roll="1-1-1")
    other.play("j4")
    assert other.play("Gxj4") == "Gxj4"


@pytest.mark.parametrize("roll", ["1-1-1", "5-5-5", "6-6-6", "1-3-5", "2-2-2", "5-6-6"])
def test_perft_two_is_the_sum_of_perft_one_after_each_move(roll):
    engine = RandomVariantEngine.new(roll=roll)
    total = 0
    for move in engine.legal_moves():
        child = RandomVariantEngine.new(roll=roll)
        child.play(move)
        assert child.perft(1) == len(child.legal_moves())
        total += child.perft(1)
    assert engine.perft(2) == total


def test_legal_moves_of_the_other_army_are_empty_and_play_checks_the_turn():
    engine = RandomVariantEngine.new(roll="1-1-1")
    assert engine.legal_moves("black") == []
    with pytest.raises(IllegalMoveError):
        engine.play("a6")
