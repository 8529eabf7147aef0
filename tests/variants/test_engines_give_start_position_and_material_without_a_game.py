"""``start_position`` and ``material_of`` answer from the class, without the caller building a game."""

from __future__ import annotations

import pytest

from variants.base import InvalidPositionError
from variants.registry import engines, get_engine


@pytest.mark.parametrize("engine", engines(), ids=lambda e: e.key)
def test_start_position_is_the_new_games_position(engine):
    options = engine.start_options("3-5-6")
    assert engine.start_position(**options) == engine.new(**options).position()


@pytest.mark.parametrize("engine", engines(), ids=lambda e: e.key)
def test_material_of_the_start_is_even(engine):
    options = engine.start_options("3-5-6")
    material = engine.material_of(engine.start_position(**options), **options)
    assert material == engine.new(**options).material()
    assert material["white"] == material["black"] > 0


def test_the_standard_start_is_the_chess_start():
    chess_start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert get_engine("chess").start_position() == chess_start
    assert get_engine("reach").start_position() == chess_start
    assert get_engine("twilight").start_position() == chess_start.replace(" ", "[] ", 1)


def test_material_of_counts_the_pieces_standing():
    # White queen and pawn against a black rook (seed 002 values: 90 + 10 and 50).
    assert get_engine("chess").material_of("4k3/8/8/3r4/8/8/3P4/3QK3 w - - 0 1") == {"white": 100.0, "black": 50.0}


def test_material_of_an_unreadable_position_raises():
    with pytest.raises(InvalidPositionError):
        get_engine("chess").material_of("not a position")
