"""Seed 000 Fig. 3: "White has potentially winning moves with their king to d8, e8 and f8, but all would move the
king into check so cannot be made. Black should win from this position."

Reconstructed to match the text: White Ke7 alone; Black Ra8 (guarding rank 8), Kh6 and a pawn on b2.
"""

import pytest

from variants.base import BLACK, IllegalMoveError
from variants.reach import ReachEngine

FIG3 = "r7/4K3/7k/8/8/8/1p6/8 w - - 0 1"


@pytest.mark.parametrize("move", ["Kd8", "Ke8", "Kf8"])
def test_the_king_may_not_reach_rank_8_into_check(move):
    engine = ReachEngine.from_position(FIG3)
    assert move not in engine.legal_moves()
    with pytest.raises(IllegalMoveError):
        engine.play(move)


def test_black_wins_whatever_white_does():
    for move in ReachEngine.from_position(FIG3).legal_moves():
        engine = ReachEngine.from_position(FIG3)
        engine.play(move)
        engine.play("b1")
        assert engine.outcome().winner == BLACK
