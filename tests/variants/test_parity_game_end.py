"""Checkmate, stalemate (a loss, rule 6) and the simultaneous draws."""

from variants.base import (
    CHECKMATE,
    SIMULTANEOUS_MATE,
    SIMULTANEOUS_STALEMATE,
    STALEMATE,
)
from variants.parity import ParityEngine


def ended(position: str):
    outcome = ParityEngine.from_position(position).outcome()
    assert outcome is not None
    return outcome.termination, outcome.winner


def test_a_back_rank_mate_by_a_free_rook_is_checkmate():
    assert ended("R5k1/5ppp/8/8/8/8/8/6K1 - - -/- 0 1") == (CHECKMATE, "white")


def test_a_rook_that_just_moved_gives_no_mate_yet():
    assert ParityEngine.from_position("R5k1/5ppp/8/8/8/8/8/6K1 - - a8/- 0 1").outcome() is None


def test_stalemate_loses_like_checkmate():
    # White's king has only attacked squares and nothing else moves; Black's queen just moved.
    assert ended("7k/8/8/8/8/8/5q2/7K - - -/f2 0 1") == (STALEMATE, "black")


def test_a_player_whose_only_piece_is_frozen_loses():
    # Rule 2: "A player would lose the game if he does not have a move without violating this rule."
    assert ended("7k/8/8/8/8/8/5q2/7K - - h1/f2 0 1")[1] == "black"


def test_both_armies_mated_at_once_is_a_draw():
    assert ended("rr5k/8/8/8/8/8/8/K5RR - - -/- 0 1") == (SIMULTANEOUS_MATE, None)


def test_both_armies_stalemated_at_once_is_a_draw():
    assert ended("7k/5Q2/8/8/8/8/5q2/7K - - f7/f2 0 1") == (SIMULTANEOUS_STALEMATE, None)
