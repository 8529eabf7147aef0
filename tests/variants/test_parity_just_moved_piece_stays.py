"""Rule 2: "A piece that has been just moved to a square should remain in that square in the next move"."""

import pytest

from variants.base import IllegalMoveError
from variants.parity import ParityEngine


def test_a_pawn_just_moved_cannot_move_next_turn_but_the_turn_after():
    engine = ParityEngine.new()
    engine.play_turn("e4", "e6")
    assert "e5" not in engine.legal_moves("white")
    with pytest.raises(IllegalMoveError, match="moved last turn"):
        engine.play_turn("e5", "d6")
    engine.play_turn("d4", "d6")
    assert "e5" in engine.legal_moves("white")


def test_both_pieces_of_a_castling_stay_next_turn():
    engine = ParityEngine.from_position("r3k2r/8/8/8/8/8/8/R3K2R KQkq - -/- 0 1")
    engine.play_turn("O-O", "O-O-O")
    white = engine.legal_moves("white")
    assert not any(move.startswith(("K", "Rf")) for move in white)
    assert any(move.startswith("Ra") for move in white)


def test_legal_moves_work_for_either_army_at_once():
    engine = ParityEngine.new()
    assert len(engine.legal_moves("white")) == len(engine.legal_moves("black")) == 20
    assert engine.simultaneous
