"""Seed 004: "the smallest chains would consist of 6 pieces" and "The largest chain ... would constitute 28
pieces stretching along the four edges of the board"."""

from itertools import combinations

from variants.chains import chains_through, forms_chain, loop_problem, square_index

WINDOW = [square_index(f + r) for f in "cde" for r in "345"]


def test_no_five_pieces_form_a_chain():
    # A closed loop of five king steps fits in a 3x3 box, so one window covers every shape.
    for five in combinations(WINDOW, 5):
        occupied = sum(1 << sq for sq in five)
        assert not any(forms_chain(occupied, sq) for sq in five)


def test_the_28_edge_squares_form_the_largest_chain():
    edge = [sq for sq in range(64) if sq % 8 in (0, 7) or sq // 8 in (0, 7)]
    occupied = sum(1 << sq for sq in edge)
    assert len(edge) == 28
    assert all(forms_chain(occupied, sq) for sq in edge)


def test_a_line_that_crosses_itself_is_not_a_chain():
    # A figure eight: the links d4-e5 and e4-d5 cross inside one 2x2 block.
    eight = [square_index(n) for n in ["d4", "e5", "f6", "g5", "f4", "e4", "d5", "c6", "b5", "c4"]]
    occupied = sum(1 << sq for sq in eight)
    assert loop_problem(occupied, eight) == "the line crosses itself"


def test_every_enumerated_chain_has_at_least_six_pieces():
    occupied = sum(1 << square_index(n) for n in ["d6", "c5", "e5", "c4", "e4", "d3", "b5", "f5", "d2", "b3"])
    found = list(chains_through(occupied, square_index("d6")))
    assert found
    assert min(len(loop) for loop in found) == 6
