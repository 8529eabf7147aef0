"""A warped piece still belongs to its army: material (seed 002 values, used by scoring) counts the reserve, and
so does the insufficient-material draw."""

from variants.base import INSUFFICIENT
from variants.twilight import TwilightEngine


def test_warping_does_not_change_material():
    engine = TwilightEngine.new()
    before = engine.material()
    engine.play("d1@Q")
    assert engine.material() == before


def test_a_knight_in_reserve_against_a_bare_king_is_insufficient():
    engine = TwilightEngine.from_position("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1")
    assert engine.outcome().termination == INSUFFICIENT


def test_a_pawn_or_a_second_minor_in_reserve_is_enough_to_play_on():
    assert TwilightEngine.from_position("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1").outcome() is None
    assert TwilightEngine.from_position("4k3/8/8/8/8/8/8/2B1K3[B] w - - 0 1").outcome() is None
