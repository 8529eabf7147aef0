"""Seed 003: "Warp and drop moves are considered as standard moves with relation to classical laws of chess": they
may not leave the own king in check."""

import pytest

from variants.base import CHECKMATE, WHITE, IllegalMoveError
from variants.twilight import TwilightEngine


def test_a_pinned_piece_cannot_warp():
    engine = TwilightEngine.from_position("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1")
    assert "e2@N" not in engine.legal_moves()
    with pytest.raises(IllegalMoveError, match="expose the king"):
        engine.play("e2@N")


def test_a_warp_never_answers_a_check():
    engine = TwilightEngine.from_position("4r1k1/8/8/8/8/8/1N6/4K3 w - - 0 1")
    assert not [move for move in engine.legal_moves() if "@" in move]
    with pytest.raises(IllegalMoveError, match="cannot answer a check"):
        engine.play("b2@N")


def test_a_drop_may_block_a_check_and_only_between():
    engine = TwilightEngine.from_position("4r1k1/8/8/8/8/8/8/4K3[N] w - - 0 1")
    drops = sorted(move for move in engine.legal_moves() if "@" in move)
    assert drops == ["N@e2", "N@e3", "N@e4", "N@e5", "N@e6", "N@e7+"]
    with pytest.raises(IllegalMoveError, match="leaves the king in check"):
        engine.play("N@a3")


def test_no_drop_against_a_knight_check():
    engine = TwilightEngine.from_position("6k1/8/8/8/8/3n4/8/4K3[Q] w - - 0 1")
    assert not [move for move in engine.legal_moves() if "@" in move]


def test_a_drop_can_checkmate():
    engine = TwilightEngine.from_position("6k1/5ppp/8/8/8/8/8/4K3[R] w - - 0 1")
    assert engine.play("R@e8") == "R@e8#"
    assert engine.outcome().termination == CHECKMATE
    assert engine.outcome().winner == WHITE


def test_checkmate_needs_the_reserve_to_be_useless_too():
    # Back-rank check that a dropped piece can block is not mate.
    engine = TwilightEngine.from_position("6k1/5ppp/8/8/8/8/8/R3K3[n] w - - 0 1")
    assert engine.play("Ra8") == "Ra8+"
    assert engine.outcome() is None
    assert sorted(move for move in engine.legal_moves() if "@" in move) == ["N@b8", "N@c8", "N@d8", "N@e8", "N@f8"]
