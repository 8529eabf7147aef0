"""Seed 000, Fig. 4 and the Appendix: the annotated puzzle solution replays to White's far-rank win."""

from pathlib import Path

import pytest

from variants.base import FAR_RANK, WHITE, IllegalMoveError
from variants.reach import ReachEngine

PGN = (Path(__file__).parent / "data" / "reach_puzzle_fig4.pgn").read_text()
FIG4 = "8/8/2r3r1/6p1/8/5Bpk/3B4/6K1 w - - 0 1"


def test_the_solution_replays_move_by_move_to_a_white_win():
    engine = ReachEngine.from_pgn(PGN)
    assert engine.moves() == [
        "Bc3", "Rgf6", "Kh1", "g2+", "Kg1", "Kh4", "Kxg2", "g4", "Bxf6+", "Rxf6", "Ba8#",
    ]  # fmt: skip
    assert (engine.outcome().termination, engine.outcome().winner) == (FAR_RANK, WHITE)
    assert engine.position() == "B7/8/5r2/8/6pk/8/6K1/8 b - - 1 6"


def test_black_rook_c6_threatens_to_reach_c1():
    engine = ReachEngine.from_position(FIG4.replace(" w ", " b "))
    assert "Rc1#" in engine.legal_moves()


def test_taking_the_bishop_on_c3_loses_to_ba8():
    # "Black cannot capture with 1... Rc6 x c3 as 2. Bf3-a8# then wins".
    engine = ReachEngine.from_position(FIG4)
    for move in ("Bd2-c3", "Rc6xc3", "Bf3-a8"):
        engine.play(move)
    assert engine.outcome().winner == WHITE


def test_the_side_line_with_2_g4_loses_as_annotated():
    engine = ReachEngine.from_position(FIG4)
    for move in ["Bc3", "Rgf6", "Kh1", "g4", "Bg2+", "Kh4", "Bxf6+", "Rxf6", "Ba8"]:
        engine.play(move)
    assert engine.outcome().winner == WHITE


def test_a_wrong_move_in_the_solution_names_its_number():
    broken = PGN.replace("4. Kg1xg2", "4. Kg1-g3")
    with pytest.raises(IllegalMoveError, match=r"^move 4\. Kg1-g3: "):
        ReachEngine.from_pgn(broken)
