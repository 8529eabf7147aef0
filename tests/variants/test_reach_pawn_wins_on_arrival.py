"""A pawn reaching the far rank wins on arrival: the seed writes the moves "c8" and "e1", without promotion."""

from variants.base import FAR_RANK, WHITE
from variants.reach import ReachEngine

POSITION = "4k3/2P5/8/8/8/8/8/4K3 w - - 0 1"


def test_the_pawn_move_is_one_move_written_without_a_promotion_piece():
    engine = ReachEngine.from_position(POSITION)
    pawn_moves = [move for move in engine.legal_moves() if move.startswith("c")]
    assert pawn_moves == ["c8#"]


def test_the_pawn_stays_a_pawn_and_the_game_is_won():
    engine = ReachEngine.from_position(POSITION)
    engine.play("c8")
    assert engine.outcome().termination == FAR_RANK
    assert engine.outcome().winner == WHITE
    assert engine.position().startswith("2P1k3/")


def test_a_promotion_suffix_is_accepted_as_the_same_move():
    engine = ReachEngine.from_position(POSITION)
    assert engine.play("c8=Q") == "c8#"


def test_the_final_position_with_the_pawn_on_the_far_rank_reads_back():
    engine = ReachEngine.from_position(POSITION)
    engine.play("c7-c8")
    again = ReachEngine.from_position(engine.position())
    assert again.outcome() == engine.outcome()
