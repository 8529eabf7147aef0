"""Rule 7: en passant next turn only, and not when the two pawns moved simultaneously."""

import pytest

from variants.base import IllegalMoveError
from variants.parity import ParityEngine


def test_en_passant_captures_a_double_step_on_the_next_turn():
    engine = ParityEngine.from_position("4k3/3p3p/8/4P3/8/8/P7/4K3 - - -/- 0 1")
    engine.play_turn("Kd1", "d5")
    engine.play_turn("exd6", "Kf8")
    assert engine.log[-1] == "black P on d5 captured"
    assert engine.position().split()[0] == "5k2/7p/3P4/8/8/8/P7/3K4"


def test_en_passant_is_not_allowed_when_the_pawns_moved_simultaneously():
    engine = ParityEngine.from_position("4k3/3p4/8/8/4P3/8/8/4K3 - - -/- 0 1")
    engine.play_turn("e5", "d5")
    assert "exd6" not in engine.legal_moves("white")
    with pytest.raises(IllegalMoveError, match="moved last turn"):
        engine.play_turn("exd6", "Kf8")


def test_en_passant_is_gone_a_turn_later():
    engine = ParityEngine.from_position("4k3/3p3p/8/4P3/8/8/P7/4K3 - - -/- 0 1")
    engine.play_turn("Kd1", "d5")
    engine.play_turn("a3", "h6")
    assert "exd6" not in engine.legal_moves("white")
