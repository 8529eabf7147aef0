"""SAN-like moves with files a..l and the position string: writing, reading and round trips."""

from __future__ import annotations

import pytest

from variants import dice
from variants.base import IllegalMoveError, InvalidPositionError
from variants.fairy.notation import position_from_pieces
from variants.rvc import RandomVariantEngine

STANDARD = "rgcnbqkbncgr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RGCNBQKBNCGR w KQkq - 0 1 4"


def test_the_standard_array_position_string_is_the_agreed_one():
    assert RandomVariantEngine.new(roll="1-1-1").position() == STANDARD


@pytest.mark.parametrize("roll", dice.first_rolls())
def test_every_first_roll_start_position_round_trips(roll):
    start = dice.layout(roll).position
    engine = RandomVariantEngine.from_position(start, roll=roll)
    assert engine.position() == start
    assert RandomVariantEngine.new(roll=roll).position() == start


def test_positions_round_trip_during_a_game_with_horse_forms_and_two_digit_runs():
    engine = RandomVariantEngine.new(roll="1-4-5")
    for move in ("b4", "b5", "+Cc4", "+Cc5", "e4", "d5", "exd5"):
        engine.play(move)
        text = engine.position()
        again = RandomVariantEngine.from_position(text, roll="1-4-5")
        assert again.position() == text
        assert sorted(again.legal_moves()) == sorted(engine.legal_moves())
    assert "+C" in engine.position() and "+c" in engine.position()


def test_disambiguation_adds_the_file_or_rank_only_when_needed():
    pieces = {"a1": "K", "k3": "k", "b1": "N", "f1": "N", "b5": "R", "b8": "R"}
    engine = RandomVariantEngine.from_position(position_from_pieces(12, 8, pieces))
    legal = engine.legal_moves()
    assert "Nbd2" in legal and "Nfd2" in legal  # two knights reach d2: the file tells them apart
    assert "Na3" in legal  # only one knight reaches a3
    assert "R5b6" in legal and "R8b6" in legal  # same file: the rank tells them apart


def test_the_parser_reads_lenient_spellings():
    engine = RandomVariantEngine.new(roll="1-1-1")
    assert engine.play("e2e4") == "e4"
    assert engine.play("Nd8-e6") == "Ne6"
    assert engine.play("Ni1h3!") == "Nh3"
    assert engine.play("d6") == "d6"
    assert engine.play("Nhg5?!") == "Ng5"


@pytest.mark.parametrize("bad", ["", "Zz9", "Qe4", "e5", "Nx", "O-O"])
def test_bad_or_illegal_moves_raise_and_change_nothing(bad):
    engine = RandomVariantEngine.new(roll="1-1-1")
    with pytest.raises(IllegalMoveError):
        engine.play(bad)
    assert engine.position() == STANDARD and engine.moves() == []


@pytest.mark.parametrize(
    "bad",
    [
        "rgcnbqkbncgr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP w KQkq - 0 1 4",  # seven ranks
        "rgcnbqkbncgr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RGCNBQKBNCG w KQkq - 0 1 4",  # eleven files
        "rgcnbqkbncgr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RGCNBQKBNCGV w KQkq - 0 1 4",  # unknown symbol
        "rgcnbqkbncgr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RGCNBQKBNCGR x KQkq - 0 1 4",  # side to move
        "rgcnbqkbncgr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RGCNBQQBNCGR w - - 0 1 4",  # no white king
        "rgcnbqkbncgr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RGCNBQKBNCGR w KQkq z9 0 1 4",  # en passant square
        "rgcnbqkbncgr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RGCNBQKBNCGR w KQkq - 0 1 -",  # rights, no steps
    ],
)
def test_malformed_position_strings_are_rejected(bad):
    with pytest.raises(InvalidPositionError):
        RandomVariantEngine.from_position(bad)
