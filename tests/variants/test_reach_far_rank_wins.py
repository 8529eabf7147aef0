"""Seed 000 rule 1: "A player wins by reaching the far rank with any piece of their colour."."""

import pytest

from variants.base import BLACK, FAR_RANK, WHITE, IllegalMoveError
from variants.reach import ReachEngine


def test_a_rook_reaching_rank_8_wins_even_when_the_black_king_attacks_it():
    # Fig. 1 (right): the winning rook may stand attacked; "The game ends when a winning move is made".
    engine = ReachEngine.from_position("8/5k2/8/8/8/8/R7/4K3 w - - 0 1")
    engine.play("Kd2")
    engine.play("Ke7")
    assert engine.play("Ra8") == "Ra8#"
    outcome = engine.outcome()
    assert outcome is not None
    assert (outcome.termination, outcome.winner, outcome.result) == (FAR_RANK, WHITE, "1-0")


def test_the_king_reaches_too():
    engine = ReachEngine.from_position("8/8/3K4/8/8/8/k7/8 w - - 0 1")
    engine.play("Kd7")
    engine.play("Ka3")
    assert engine.outcome() is None
    engine.play("Kd8")
    assert engine.outcome().winner == WHITE


def test_a_knight_reaches_too():
    engine = ReachEngine.from_position("4k3/8/5N2/8/8/8/8/K7 w - - 0 1")
    engine.play("Ng8")
    assert engine.outcome().termination == FAR_RANK


def test_black_wins_by_reaching_rank_1():
    engine = ReachEngine.from_position("4k3/8/8/8/8/8/1b6/7K b - - 0 1")
    engine.play("Bc1")
    assert engine.outcome().winner == BLACK
    assert engine.outcome().result == "0-1"


def test_pieces_on_their_own_back_rank_do_not_count():
    engine = ReachEngine.new()
    assert engine.outcome() is None
    for move in ("Nf3", "Nf6", "Ng1", "Ng8"):
        engine.play(move)
    assert engine.outcome() is None


def test_nothing_can_be_played_after_the_winning_move():
    engine = ReachEngine.from_position("8/5k2/8/8/8/8/R7/4K3 w - - 0 1")
    engine.play("Ra8")
    assert engine.legal_moves() == []
    assert engine.perft(1) == 0
    with pytest.raises(IllegalMoveError, match="over"):
        engine.play("Kf6")
