"""Seed 000 Fig. 2: "White has a potentially winning move to c8 but is also in check (left). White must move out
of check with highest priority, allowing Black to then win next turn with e1 (right)."

The figure is not in the text; the position is reconstructed to match it: White Ka4 (checked by the rook h4)
and a pawn on c7; Black Kf6, Rh4 and a pawn on e2.
"""

import pytest

from variants.base import BLACK, FAR_RANK, IllegalMoveError
from variants.reach import ReachEngine

FIG2 = "8/2P5/5k2/8/K6r/8/4p3/8 w - - 0 1"


def test_white_in_check_may_not_play_the_winning_c8():
    engine = ReachEngine.from_position(FIG2)
    assert "c8#" not in engine.legal_moves()
    with pytest.raises(IllegalMoveError):
        engine.play("c8")
    assert engine.position() == FIG2


def test_white_can_only_move_the_king_out_of_check():
    engine = ReachEngine.from_position(FIG2)
    assert sorted(engine.legal_moves()) == ["Ka3", "Ka5", "Kb3", "Kb5"]


@pytest.mark.parametrize("escape", ["Ka3", "Ka5", "Kb3", "Kb5"])
def test_after_any_escape_black_wins_with_e1(escape):
    engine = ReachEngine.from_position(FIG2)
    engine.play(escape)
    assert engine.play("e1") == "e1#"
    assert (engine.outcome().termination, engine.outcome().winner) == (FAR_RANK, BLACK)
