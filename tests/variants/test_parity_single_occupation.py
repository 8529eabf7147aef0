"""Parity Chess with Single Occupation: pieces that meet must both leave next turn, without capturing."""

import pytest

from variants.base import CHECKMATE, STALEMATE, IllegalMoveError
from variants.parity import ParityEngine, ParitySingleEngine

MEET = (("Nc3", "e6"), ("a3", "a6"), ("Nd5", "h6"), ("h3", "b6"), ("Nb4", "Bb4"))


def meeting(cls=ParitySingleEngine):
    engine = cls.new()
    for white, black in MEET:
        engine.play_turn(white, black)
    return engine


def test_both_pieces_must_leave_the_shared_square_next_turn_though_they_just_moved():
    engine = meeting()
    assert engine.legal_moves("white") and all(m.startswith("N") for m in engine.legal_moves("white"))
    assert engine.legal_moves("black") and all(m.startswith("B") for m in engine.legal_moves("black"))
    with pytest.raises(IllegalMoveError, match="must leave"):
        engine.play_turn("e4", "Ba5")


def test_a_piece_leaving_the_shared_square_may_not_capture():
    engine = meeting()
    assert not any("x" in m for m in engine.legal_moves("white") + engine.legal_moves("black"))


def test_in_plain_parity_chess_the_pieces_may_stay():
    engine = meeting(ParityEngine)
    assert "e4" in engine.legal_moves("white")


def test_after_leaving_the_board_is_back_to_single_occupation():
    engine = meeting()
    engine.play_turn("Nc6", "Ba5")
    assert "(" not in engine.position()
    assert "e4" in engine.legal_moves("white")


def test_a_pawn_that_cannot_leave_loses():
    outcome = ParitySingleEngine.from_position("4k3/8/4n3/4(Pp)3/8/8/8/4K3 - - e5/e5 0 5").outcome()
    assert outcome is not None and (outcome.termination, outcome.winner) == (STALEMATE, "black")


def test_a_player_in_immediate_check_who_must_also_leave_a_shared_square_loses():
    outcome = ParitySingleEngine.from_position("4r2k/8/8/8/3(Nb)4/8/8/4K3 - - d4/d4 0 5").outcome()
    assert outcome is not None and (outcome.termination, outcome.winner) == (CHECKMATE, "black")


def test_a_vacating_move_may_not_expose_the_own_king():
    engine = ParitySingleEngine.from_position("4r2k/8/8/8/4(Nb)3/8/8/4K3 - - e4/e4 0 5")
    assert engine.outcome() is not None  # every knight move uncovers the rook on e8
