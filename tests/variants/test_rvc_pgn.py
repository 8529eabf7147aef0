"""PGN export and import of whole Random Variant Chess games with the Variant and Roll tags."""

from __future__ import annotations

import random

import pytest

from variants.base import IllegalMoveError
from variants.rvc import RandomVariantEngine


def random_game(roll: str, roll2: str | None, plies: int, seed: int) -> RandomVariantEngine:
    chooser = random.Random(seed)
    engine = RandomVariantEngine.new(roll=roll, roll2=roll2)
    for _ in range(plies):
        legal = engine.legal_moves()
        if not legal:
            break
        engine.play(chooser.choice(legal))
    return engine


def test_export_names_the_variant_and_the_rolls():
    engine = random_game("2-4-4", "5-2-2", 12, seed=1)
    text = engine.to_pgn({"White": "Ann", "Black": "Bob"})
    assert '[Variant "Random Variant Chess"]' in text
    assert '[Roll "2-4-4"]' in text and '[Roll2 "2-2-5"]' in text
    assert '[White "Ann"]' in text and "FEN" not in text
    assert text.rstrip().endswith("*")


@pytest.mark.parametrize(("roll", "roll2", "seed"), [("1-1-1", None, 3), ("2-4-4", "5-2-2", 4), ("1-4-5", "3-3-3", 5)])
def test_a_game_survives_export_and_import(roll, roll2, seed):
    engine = random_game(roll, roll2, 120, seed)
    again = RandomVariantEngine.from_pgn(engine.to_pgn())
    assert again.moves() == engine.moves()
    assert again.position() == engine.position()
    assert again.outcome() == engine.outcome()
    assert again.tags["Roll"] == engine.roll


def test_a_game_from_a_set_up_position_carries_its_fen():
    start = "4k7/12/12/12/12/12/4P7/4K7 w - - 0 1 -"
    engine = RandomVariantEngine.from_position(start)
    engine.play("e4")
    text = engine.to_pgn()
    assert f'[FEN "{start}"]' in text
    assert RandomVariantEngine.from_pgn(text).position() == engine.position()


def test_import_reports_the_first_bad_move_by_number():
    text = '[Variant "Random Variant Chess"]\n[Roll "1-1-1"]\n\n1. e4 e5 2. Qxe9 *\n'
    with pytest.raises(IllegalMoveError, match=r"move 2\. Qxe9"):
        RandomVariantEngine.from_pgn(text)


def test_import_skips_comments_variations_and_nags():
    text = '[Roll "1-1-1"]\n\n1. e4 {best} e5 $1 (1... e6 2. d4) 2. Nh3 ; a comment\nNh6 1/2-1/2\n'
    assert RandomVariantEngine.from_pgn(text).moves() == ["e4", "e5", "Nh3", "Nh6"]
