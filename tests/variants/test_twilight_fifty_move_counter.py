"""Seed 003: "moving a Pawn to, or from, the twilight square restart the count. Moving a piece to, or from, the
twilight square is not a capture and does not restart the count."."""

from variants.base import FIFTY_MOVES
from variants.twilight import TwilightEngine


def halfmove_clock(engine: TwilightEngine) -> int:
    return engine.board.halfmove_clock


def test_warping_and_dropping_a_piece_counts_on():
    engine = TwilightEngine.from_position("4k3/8/8/8/8/8/8/1R2K3[] w - - 10 30")
    engine.play("b1@R")
    assert halfmove_clock(engine) == 11
    engine.play("Kd7")
    engine.play("R@c3")
    assert halfmove_clock(engine) == 13


def test_warping_or_dropping_a_pawn_restarts_the_count():
    engine = TwilightEngine.from_position("4k3/8/8/8/8/8/P7/4K3[] w - - 10 30")
    engine.play("a2@P")
    assert halfmove_clock(engine) == 0
    engine.play("Kd7")
    engine.play("P@c3")
    assert halfmove_clock(engine) == 0


def test_the_fifty_move_rule_ends_the_game_at_one_hundred_half_moves():
    engine = TwilightEngine.from_position("4k3/8/8/8/8/8/8/1R2K3[] w - - 99 80")
    engine.play("b1@R")
    assert engine.outcome().termination == FIFTY_MOVES
