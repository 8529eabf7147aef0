"""PGN of Switch-Side Chain-Chess: /S moves, White/Black are the people by starting army, the Result is theirs."""

import pytest

from variants.base import IllegalMoveError
from variants.sscc import SwitchSideEngine


def test_to_pgn_and_from_pgn_round_trip_the_switches():
    engine = SwitchSideEngine.new()
    for move in ["b3", "d5", "g3", "e5", "Bg2", "e4", "f3", "Nf6", "c3/S", "d4/S"]:
        engine.play(move)
    text = engine.to_pgn({"White": "Ann", "Black": "Bob"})
    assert "5. c3/S d4/S" in text and '[Variant "Switch-Side Chain-Chess"]' in text
    again = SwitchSideEngine.from_pgn(text)
    assert again.moves() == engine.moves()
    assert again.tags["White"] == "Ann"


def test_the_result_tag_names_the_winning_person_not_the_army():
    engine = SwitchSideEngine.new()
    for move in [
        "b3",
        "d5",
        "g3",
        "e5",
        "Bg2",
        "e4",
        "f3",
        "Nf6",
        "c3/S",
        "d4/S",
        "Qc2/S",
        "Qd5/S",
        "Kd1/S",
        "Qc4/S",
        "Bf1/S",
        "Qd3/S",
    ]:
        engine.play(move)
    for move in ["Ke1/S", "Qe3/S", "Kd1/S", "Qf2/S", "c4/S", "Qxf1#"]:
        engine.play(move)
    assert '[Result "1-0"]' in engine.to_pgn()


def test_an_illegal_move_in_a_pgn_names_its_move_number():
    with pytest.raises(IllegalMoveError, match=r"^move 2\. g3/S: no chain"):
        SwitchSideEngine.from_pgn("1. b3 d5 2. g3/S e5 *")
