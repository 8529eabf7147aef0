"""The Reach position string is FEN; a game's PGN carries the Variant tag and reads back to the same game."""

import pytest

from variants.base import InvalidPositionError
from variants.reach import ReachEngine


def test_the_start_position_is_standard_fen():
    assert ReachEngine.new().position() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_position_strings_read_back():
    engine = ReachEngine.new()
    for move in ("e4", "d5", "exd5", "Qxd5", "Nc3"):
        engine.play(move)
    assert ReachEngine.from_position(engine.position()).position() == engine.position()


def test_a_bad_position_string_is_refused():
    with pytest.raises(InvalidPositionError):
        ReachEngine.from_position("not a position")
    with pytest.raises(InvalidPositionError):
        ReachEngine.from_position("8/8/8/8/8/8/8/8 w - - 0 1")  # no kings


def test_pgn_has_the_variant_tag_result_and_termination_and_replays():
    engine = ReachEngine.from_position("8/5k2/8/8/8/8/R7/4K3 w - - 0 1")
    engine.play("Ra8")
    pgn = engine.to_pgn({"White": "A", "Black": "B"})
    assert '[Variant "Reach Chess"]' in pgn
    assert '[Result "1-0"]' in pgn
    assert '[Termination "far-rank"]' in pgn
    assert '[FEN "8/5k2/8/8/8/8/R7/4K3 w - - 0 1"]' in pgn
    assert "1. Ra8# 1-0" in pgn
    assert ReachEngine.from_pgn(pgn).position() == engine.position()
