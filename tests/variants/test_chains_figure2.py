"""Seed 004, Figure 2: "The move Qd3 gives White the option of switching sides but there are at least four
unique chains created" (position reconstructed in docs/rules/switch-side-chain-chess.md)."""

import chess

from variants.chains import chains_through, forms_chain, loop_problem, square_index

FIGURE_2 = "n4r2/4q1bp/2Pp2P1/1P1p1Rpp/K3B1P1/1pr3P1/4NP2/3QNk2 w - - 0 1"
LISTED = [
    "d3-e4-d5-c6-b5-a4-b3-c3-d3",
    "d3-e4-f5-g4-g3-f2-e2-d3",
    "d3-e4-f5-g6-g7-f8-e7-d6-c6-b5-a4-b3-c3-d3",
    "d3-e2-f2-g3-g4-f5-g6-g7-f8-e7-d6-c6-b5-a4-b3-c3-d3",
]


def after_qd3() -> int:
    board = chess.Board(FIGURE_2)
    board.push_san("Qd3")
    return int(board.occupied)


def test_qd3_forms_a_chain():
    assert forms_chain(after_qd3(), square_index("d3"))


def test_each_of_the_four_chains_the_seed_lists_is_a_chain():
    occupied = after_qd3()
    for text in LISTED:
        squares = [square_index(name) for name in text.split("-")[:-1]]
        assert loop_problem(occupied, squares) is None, text


def test_qd3_forms_at_least_four_distinct_chains():
    loops = {frozenset(found) for found in chains_through(after_qd3(), square_index("d3"))}
    assert len(loops) >= 4


def test_before_the_queen_moves_d3_is_empty_and_on_no_chain():
    assert not forms_chain(int(chess.Board(FIGURE_2).occupied), square_index("d3"))
