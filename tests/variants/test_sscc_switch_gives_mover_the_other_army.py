"""Seed 004: "If he chooses to do so, the turn is then his again as it would be in any case"."""

from variants.sscc import SwitchSideEngine


def play_all(moves: str) -> SwitchSideEngine:
    engine = SwitchSideEngine.new()
    for move in moves.split():
        engine.play(move)
    return engine


def test_after_white_switches_the_white_starter_controls_black_and_black_moves_next():
    engine = play_all("b3 d5 g3 e5 Bg2 e4 f3 Nf6 c3/S")
    assert engine.turn == "black"
    assert engine.controller("black") == "white"
    assert engine.controller("white") == "black"


def test_a_second_switch_gives_the_starting_armies_back():
    engine = play_all("b3 d5 g3 e5 Bg2 e4 f3 Nf6 c3/S d4/S")
    assert engine.turn == "white"
    assert engine.controller("white") == "white"


def test_without_a_switch_each_person_keeps_the_starting_army():
    engine = play_all("e4 e5 Nf3")
    assert engine.controller("white") == "white" and engine.controller("black") == "black"


def test_from_position_can_start_with_the_seats_switched():
    engine = SwitchSideEngine.from_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", white_seat="black")
    assert engine.controller("white") == "black"
