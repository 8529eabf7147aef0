"""Seed 003: threefold repetition "mutatis mutandi": "In order for a position to be considered the same, each
player must have the same set of legal moves each time, including ... two-square pawn moves." So the pieces
off the board and the lost double steps are part of a position."""

from variants.base import THREEFOLD
from variants.twilight import TwilightBoard, TwilightEngine


def test_warping_and_dropping_back_three_times_is_a_repetition_draw():
    engine = TwilightEngine.new()
    for _ in range(2):
        for move in ("g1@N", "g8@N", "N@g1", "N@g8"):
            engine.play(move)
    assert engine.outcome().termination == THREEFOLD


def test_the_same_board_with_different_reserves_is_a_different_position():
    with_knight = TwilightBoard("4k3/8/8/8/8/8/8/1N2K3[N] w - - 0 1")
    without = TwilightBoard("4k3/8/8/8/8/8/8/1N2K3[] w - - 0 1")
    assert with_knight.board_fen() == without.board_fen()
    assert with_knight._transposition_key() != without._transposition_key()


def test_the_same_board_with_a_lost_double_step_is_a_different_position():
    engine = TwilightEngine.new()
    for move in ("e2@P", "e7@P", "P@e2", "P@e7"):  # the start board again, but neither e-pawn may double-step
        engine.play(move)
    for move in ("g1@N", "g8@N", "N@g1", "N@g8"):
        engine.play(move)
    assert engine.position().split("[")[0] == "rnbqkbnr/ppppp~ppp/8/8/8/8/PPPPP~PPP/RNBQKBNR"
    assert engine.outcome() is None  # the start board three times, this position only twice
    for move in ("g1@N", "g8@N", "N@g1", "N@g8"):
        engine.play(move)
    assert engine.outcome().termination == THREEFOLD
