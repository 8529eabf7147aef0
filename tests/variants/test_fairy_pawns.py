"""Pawns: one step, the double step from the start rank, en passant and promotion to the array's pieces."""

from __future__ import annotations

import pytest

from variants.base import IllegalMoveError
from variants.fairy.notation import position_from_pieces
from variants.rvc import RandomVariantEngine


def test_pawns_double_step_from_their_start_rank_only():
    engine = RandomVariantEngine.new(roll="1-1-1")
    assert {"e3", "e4", "l3", "l4"} <= set(engine.legal_moves())
    engine.play("e4")
    engine.play("e5")
    assert "e6" not in engine.legal_moves()  # blocked
    assert "d4" in engine.legal_moves()
    engine.play("d3")
    engine.play("a6")
    with pytest.raises(IllegalMoveError):
        engine.play("d5")  # from d3 only one step


def test_en_passant_right_after_the_double_step():
    position = position_from_pieces(12, 8, {"a1": "K", "l8": "k", "e5": "P", "d7": "p", "h7": "p"}, turn="b")
    engine = RandomVariantEngine.from_position(position)
    engine.play("d5")
    assert engine.position().split()[3] == "d6"
    assert engine.play("exd6") == "exd6"
    assert "d5" not in engine.position().split()[0]  # the black pawn is gone
    assert engine.position().split()[0].split("/")[2] == "3P8"

    later = RandomVariantEngine.from_position(position)
    later.play("d5")
    later.play("Kb1")
    later.play("h6")
    assert "exd6" not in later.legal_moves()


def test_promotion_offers_every_piece_of_the_array_except_king_and_pawn():
    # 1-4-5: Rook, Horse-Camel, Horse, Tiger, Queen, Man, Man, King, Tiger, Horse, Horse-Camel, Rook.
    position = position_from_pieces(12, 8, {"a1": "K", "l5": "k", "e7": "P"}, steps="3")
    engine = RandomVariantEngine.from_position(position, roll="1-4-5")
    promotions = {m for m in engine.legal_moves() if m.startswith("e8")}
    assert promotions == {"e8=R", "e8=+C", "e8=H", "e8=T", "e8=Q", "e8=M"}
    assert engine.play("e8=+C") == "e8=+C"
    assert engine.position().split()[0].startswith("4+C7/")


def test_a_promotion_must_name_its_piece():
    position = position_from_pieces(12, 8, {"a1": "K", "l8": "k", "e7": "P"})
    engine = RandomVariantEngine.from_position(position, roll="1-1-1")
    with pytest.raises(IllegalMoveError, match="which piece"):
        engine.play("e8")
    with pytest.raises(IllegalMoveError):
        engine.play("e8=A")  # no Amazon in the standard array
    assert engine.play("e8=G") == "e8=G"
