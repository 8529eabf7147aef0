"""Capture and failed capture, including the pawn's diagonal move that stays."""

from variants.parity import ParityEngine


def test_a_capture_of_a_piece_that_stays_succeeds():
    engine = ParityEngine.new()
    engine.play_turn("e4", "d5")
    engine.play_turn("Nc3", "a6")
    engine.play_turn("exd5", "h6")
    assert engine.log[-1] == "black P on d5 captured"


def test_a_pawn_whose_victim_moves_away_stays_on_the_diagonal_square():
    engine = ParityEngine.new()
    engine.play_turn("e4", "d5")
    engine.play_turn("Nc3", "a6")  # the d5 pawn is free to move again
    engine.play_turn("exd5", "d4")
    assert engine.log[-1] == "failed capture by white"
    board = engine.position().split()[0]
    assert board.split("/")[3] == "3P4"  # rank 5: the white pawn on d5, nothing taken
    assert board.split("/")[4] == "3p4"  # rank 4: the black pawn on d4


def test_two_pieces_capturing_each_other_both_survive_on_swapped_squares():
    engine = ParityEngine.from_position("4k3/8/8/3r4/8/8/3R4/4K3 - - -/- 0 1")
    engine.play_turn("Rxd5", "Rxd2")
    assert engine.log[-1] == "failed capture by white; failed capture by black"
    assert engine.material() == {"white": 50.0, "black": 50.0}


def test_a_piece_that_just_moved_cannot_escape_a_capture():
    engine = ParityEngine.from_position("4k3/8/8/3r4/8/8/3R4/4K3 - - -/d5 0 1")
    engine.play_turn("Rxd5", "Kf7")
    assert engine.log[-1] == "black R on d5 captured"
