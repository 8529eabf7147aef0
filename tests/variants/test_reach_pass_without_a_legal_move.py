"""Seed 000 rule 3: "A player with no legal moves must pass that turn." A pass is written "--"."""

import pytest

from variants.base import IllegalMoveError
from variants.reach import ReachEngine

# White (Kh1, pawn h2 blocked by h3) has no move that does not walk into check; Black (Kf2) has moves.
NO_MOVE = "8/8/8/8/8/7p/5k1P/7K w - - 0 1"


def test_the_pass_is_the_only_legal_move_when_nothing_else_is():
    engine = ReachEngine.from_position(NO_MOVE)
    assert engine.legal_moves() == ["--"]
    assert engine.perft(1) == 1
    assert engine.outcome() is None


def test_playing_the_pass_hands_the_move_over():
    engine = ReachEngine.from_position(NO_MOVE)
    assert engine.play("--") == "--"
    assert engine.turn == "black"


def test_a_pass_is_illegal_when_another_move_exists():
    engine = ReachEngine.new()
    assert "--" not in engine.legal_moves()
    with pytest.raises(IllegalMoveError, match="pass"):
        engine.play("--")


def test_a_checkmated_player_passes_and_the_game_goes_on():
    # "Since a player who cannot move out of check must pass (rule 3), that player will almost certainly lose".
    engine = ReachEngine.new()
    for move in ("f3", "e5", "g4"):
        engine.play(move)
    assert engine.play("Qh4") == "Qh4+"  # no checkmate in Reach Chess: "#" marks only far-rank wins
    assert engine.outcome() is None
    assert engine.legal_moves() == ["--"]
    engine.play("--")
    assert engine.turn == "black"
    assert len(engine.legal_moves()) > 0


def test_the_pass_survives_pgn_and_replay():
    engine = ReachEngine.from_position(NO_MOVE)
    engine.play("--")
    engine.play("Ke3")
    pgn = engine.to_pgn()
    assert "1. -- Ke3" in pgn
    again = ReachEngine.from_pgn(pgn)
    assert again.moves() == ["--", "Ke3"]
    assert again.position() == engine.position()
