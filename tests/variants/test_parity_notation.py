"""Reading the seed's short notation, the game-file format and the position string."""

import pytest

from variants.base import IllegalMoveError
from variants.parity import ParityEngine


def test_captures_may_name_the_captured_piece_or_the_file():
    engine = ParityEngine.new()
    engine.play_turn("e4", "d5")
    engine.play_turn("Nc3", "h6")
    assert engine.play_turn("exP", "a6").split()[0] == "exd5"


def test_an_ambiguous_spelling_is_refused_with_the_choices():
    engine = ParityEngine.from_position("4k3/8/8/8/8/8/R6R/4K3 - - -/- 0 1")
    with pytest.raises(IllegalMoveError, match=r"ambiguous \(Rae2, Rhe2\)"):
        engine.play_turn("Re2", "Kd7")


def test_the_position_string_round_trips():
    engine = ParityEngine.new()
    for white, black in (("e4", "e6"), ("d4", "a6"), ("e5", "e5")):
        engine.play_turn(white, black)
    again = ParityEngine.from_position(engine.position())
    assert again.position() == engine.position()
    assert again.legal_moves("black") == engine.legal_moves("black")


def test_a_bad_turn_in_a_game_file_names_the_turn_number():
    with pytest.raises(IllegalMoveError, match=r"^move 2: white e5: the piece on e4 moved last turn"):
        ParityEngine.from_pgn("1 e4 e6\n2 e5 d6\n*\n")


def test_to_pgn_writes_one_turn_per_line_that_from_pgn_reads_back():
    engine = ParityEngine.new()
    engine.play_turn("e4", "d5")
    engine.play_turn("Nc3", "h6")
    engine.play_turn("exd5", "d4")
    again = ParityEngine.from_pgn(engine.to_pgn())
    assert again.moves() == engine.moves() == ["e4 d5", "Nc3 h6", "exd5 d4"]
