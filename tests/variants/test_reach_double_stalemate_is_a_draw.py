"""Seed 000, footnote 1: "If neither player has any legal moves, then the game is declared a draw."."""

from variants.base import DOUBLE_STALEMATE
from variants.reach import ReachEngine

# Both armies locked: White Ka1 (a2 and b1 covered by Black's pawns), Black Ka3 boxed in by White's pawns.
BOTH_STUCK = "8/2p5/2Pp4/1p1P4/pPp5/k1P5/p1P5/K7 w - - 0 1"


def test_neither_side_having_a_move_is_a_draw():
    engine = ReachEngine.from_position(BOTH_STUCK)
    outcome = engine.outcome()
    assert outcome is not None
    assert (outcome.termination, outcome.winner, outcome.result) == (DOUBLE_STALEMATE, None, "1/2-1/2")
    assert engine.legal_moves() == []
    assert engine.perft(2) == 0


def test_it_is_a_draw_with_black_to_move_as_well():
    engine = ReachEngine.from_position(BOTH_STUCK.replace(" w ", " b "))
    assert engine.outcome().termination == DOUBLE_STALEMATE


def test_one_side_stuck_is_no_draw():
    engine = ReachEngine.from_position("8/8/8/8/8/7p/5k1P/7K w - - 0 1")
    assert engine.outcome() is None
