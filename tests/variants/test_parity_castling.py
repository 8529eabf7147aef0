"""Castling: "King shall not be under immediate check ... for queen side castling only the squares b1 or b8 can
be under attack"."""

from variants.parity import ParityEngine


def test_castling_is_legal_on_both_sides_with_safe_squares():
    moves = ParityEngine.from_position("4k3/8/8/8/8/8/8/R3K2R KQ - -/- 0 1").legal_moves("white")
    assert "O-O" in moves and "O-O-O" in moves


def test_no_castling_out_of_an_immediate_check():
    moves = ParityEngine.from_position("4r1k1/8/8/8/8/8/8/R3K2R KQ - -/- 0 1").legal_moves("white")
    assert "O-O" not in moves and "O-O-O" not in moves


def test_kingside_castling_needs_f1_and_g1_unattacked():
    moves = ParityEngine.from_position("5rk1/8/8/8/8/8/8/R3K2R KQ - -/- 0 1").legal_moves("white")
    assert "O-O" not in moves and "O-O-O" in moves


def test_queenside_castling_allows_b1_attacked():
    moves = ParityEngine.from_position("1r4k1/8/8/8/8/8/8/R3K2R KQ - -/- 0 1").legal_moves("white")
    assert "O-O-O" in moves


def test_castled_king_and_rook_land_on_g1_and_f1():
    engine = ParityEngine.from_position("4k3/8/8/8/8/8/8/R3K2R KQ - -/- 0 1")
    engine.play_turn("O-O", "Kd7")
    assert engine.position().split()[0].endswith("R4RK1")
