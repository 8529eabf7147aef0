"""Seed 001's 64-move sample game (tests/variants/data/parity_sample_game.txt; readings in its header)."""

from pathlib import Path

import pytest

from variants.base import IllegalMoveError
from variants.parity import ParityEngine
from variants.replay import replay

TEXT = (Path(__file__).parent / "data" / "parity_sample_game.txt").read_text()
REMARKS = {
    int(line.split()[0]): line.split(";", 1)[1].strip()
    for line in TEXT.splitlines()
    if line[:1].isdigit() and ";" in line and not line.split(";", 1)[1].strip().startswith("seed")
}


def engine_after(turns: int) -> ParityEngine:
    lines = [line.split(";")[0] for line in TEXT.splitlines() if line[:1].isdigit()][:turns]
    engine = ParityEngine.new()
    for line in lines:
        _, white, black = line.split()
        engine.play_turn(white, black)
    return engine


def test_the_sample_game_replays_to_its_last_line():
    engine = ParityEngine.from_pgn(TEXT)
    assert len(engine.moves()) == 63
    assert engine.pending == "Qa4+"
    assert replay("parity", TEXT)[-1] == "1-0 unterminated"


def test_every_failed_capture_the_seed_remarks_happens_and_no_other():
    engine = ParityEngine.from_pgn(TEXT)
    for number, note in enumerate(engine.log, start=1):
        remark = REMARKS.get(number, "")
        expected = set()
        if "failed capture by both" in remark:
            expected = {"white", "black"}
        elif "failed capture by white" in remark:
            expected = {"white"}
        elif "failed capture by black" in remark:
            expected = {"black"}
        found = {army for army in ("white", "black") if f"failed capture by {army}" in note}
        assert found == expected, (number, remark, note)


def test_every_simultaneous_occupation_the_seed_remarks_is_a_shared_square():
    engine = ParityEngine.from_pgn(TEXT)
    shared = {n for n, note in enumerate(engine.log, start=1) if "shared square" in note}
    assert shared == {n for n, remark in REMARKS.items() if "simultaneous occupation" in remark} == {5, 16, 26}


def test_turn_57_discovers_an_immediate_check_on_the_black_king():
    assert engine_after(57).check("black") == "immediate"


def test_turn_59_gives_both_kings_a_delayed_check():
    engine = engine_after(59)
    assert engine.check("white") == "delayed" and engine.check("black") == "delayed"


def test_the_seeds_literal_63_ra7_is_refused_by_rule_2():
    engine = engine_after(62)
    with pytest.raises(IllegalMoveError, match="moved last turn and must stay"):
        engine.play_turn("Ra7+", "Rb6")
