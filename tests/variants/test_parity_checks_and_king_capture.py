"""Delayed check, immediate check and capture of the king (docs/rules/parity-chess.md, sections 3 and 5)."""

import pytest

from variants.base import KING_CAPTURE, IllegalMoveError
from variants.parity import ParityEngine


def test_an_attack_by_a_piece_just_moved_is_a_delayed_check_that_need_not_be_answered():
    engine = ParityEngine.from_position("4r2k/8/8/8/8/8/P7/4K3 - - -/e8 0 1")
    assert engine.check("white") == "delayed"
    assert "a3" in engine.legal_moves("white")


def test_an_attack_by_a_piece_free_to_move_is_an_immediate_check_answered_only_by_the_king():
    engine = ParityEngine.from_position("4r2k/8/8/8/8/8/P7/4K3 - - -/- 0 1")
    assert engine.check("white") == "immediate"
    assert all(move.startswith("K") for move in engine.legal_moves("white"))
    with pytest.raises(IllegalMoveError, match="immediate check"):
        engine.play_turn("a3", "Kg8")


def test_a_king_sharing_its_square_with_an_enemy_piece_is_never_in_check():
    engine = ParityEngine.from_position("4r2k/8/8/8/8/8/8/4(Kn)3 - - -/- 0 1")
    assert engine.check("white") is None


def test_a_king_stepping_where_a_stationary_piece_attacks_is_captured():
    engine = ParityEngine.from_position("3r3k/7p/8/8/8/8/P7/4K3 - - -/- 0 1")
    engine.play_turn("Kd1", "h6")
    outcome = engine.outcome()
    assert outcome is not None and (outcome.termination, outcome.winner) == (KING_CAPTURE, "black")


def test_a_king_may_step_onto_an_attacked_square_when_the_attacker_moves_away_at_once():
    # The seed's 56... Kc6 onto the rank of the rook that went e6-e7 in the same turn.
    engine = ParityEngine.from_position("3r3k/7p/8/8/8/8/P7/4K3 - - -/- 0 1")
    engine.play_turn("Kd1", "Ra8")
    assert engine.outcome() is None


def test_a_king_moving_into_a_line_the_opponent_opens_at_once_is_captured():
    engine = ParityEngine.from_position("7k/7p/8/8/8/8/P3K3/rn6 - - -/- 0 1")
    engine.play_turn("Kd1", "Na3")
    assert engine.check("white") == "immediate"
    assert engine.outcome().termination == KING_CAPTURE


def test_a_delayed_check_left_unanswered_becomes_immediate():
    engine = ParityEngine.from_position("4r2k/8/8/8/8/8/P7/4K3 - - -/e8 0 1")
    engine.play_turn("a3", "Kg8")
    assert engine.check("white") == "immediate"


def test_kings_stepping_next_to_each_other_at_once_are_both_in_delayed_check():
    engine = ParityEngine.from_position("8/7p/8/3k4/8/8/P2K4/8 - - -/- 0 1")
    engine.play_turn("Kd3", "Ke4")
    assert engine.check("white") == engine.check("black") == "delayed"
    assert engine.outcome() is None
