"""The switch is written SAN + "/S"; it is offered only for a move that forms a chain."""

import pytest

from variants.base import IllegalMoveError
from variants.sscc import SwitchSideEngine

BEFORE_C3 = ["b3", "d5", "g3", "e5", "Bg2", "e4", "f3", "Nf6"]


def engine_before_c3() -> SwitchSideEngine:
    engine = SwitchSideEngine.new()
    for move in BEFORE_C3:
        engine.play(move)
    return engine


def test_legal_moves_list_both_c3_and_c3_with_switch_when_c3_forms_a_chain():
    moves = engine_before_c3().legal_moves()
    assert "c3" in moves and "c3/S" in moves
    assert "a3" in moves and "a3/S" not in moves


def test_claiming_a_switch_without_a_chain_is_refused_and_changes_nothing():
    engine = SwitchSideEngine.new()
    with pytest.raises(IllegalMoveError, match="^no chain: "):
        engine.play("b3/S")
    assert engine.moves() == [] and engine.turn == "white"


def test_play_returns_the_move_with_its_switch_suffix():
    engine = engine_before_c3()
    assert engine.play("c3/S") == "c3/S"
    assert engine.moves()[-1] == "c3/S"


def test_a_move_that_forms_a_chain_may_also_be_played_without_switching():
    engine = engine_before_c3()
    assert engine.play("c3") == "c3"
    assert engine.controller("white") == "white"


def test_a_switch_on_a_move_that_ends_the_game_is_refused():
    engine = SwitchSideEngine.new()
    moves = "b3 d5 g3 e5 Bg2 e4 f3 Nf6 c3/S d4/S Qc2/S Qd5/S Kd1/S Qc4/S Bf1/S Qd3/S Ke1/S Qe3/S Kd1/S Qf2/S c4/S"
    for move in moves.split():
        engine.play(move)
    assert "Qxf1#" in engine.legal_moves() and "Qxf1#/S" not in engine.legal_moves()
    with pytest.raises(IllegalMoveError, match="ends the game"):
        engine.play("Qxf1#/S")
