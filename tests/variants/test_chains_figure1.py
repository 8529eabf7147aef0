"""Seed 004, Figure 1 (a)-(d), reconstructed as in docs/rules/switch-side-chain-chess.md."""

from variants.chains import forms_chain, is_chain, square_index, squares_mask

FIG_A = ["d6", "c5", "e5", "c4", "e4", "d3"]


def loop(text: str) -> list[int]:
    return [square_index(name) for name in text.split("-")]


def test_a_simple_chain_of_six_pieces_surrounds_two_squares():
    occupied = squares_mask(FIG_A)
    assert is_chain(occupied, loop("d6-e5-e4-d3-c4-c5"))
    assert all(forms_chain(occupied, square_index(name)) for name in FIG_A)


def test_a_piece_added_on_d7_forms_no_chain_because_d6_would_be_passed_twice():
    occupied = squares_mask([*FIG_A, "d7"])
    assert not forms_chain(occupied, square_index("d7"))
    assert not is_chain(occupied, loop("d7-d6-e5-e4-d3-c4-c5-d6"))


def test_b_the_knight_on_b5_expands_the_chain():
    occupied = squares_mask([*FIG_A, "b5"])
    assert forms_chain(occupied, square_index("b5"))
    assert is_chain(occupied, loop("d6-e5-e4-d3-c4-b5-c5"))


def test_c_two_diagonally_adjacent_empty_squares_are_valid():
    occupied = squares_mask(["d6", "c5", "e5", "d4", "f4", "e3"])
    assert is_chain(occupied, loop("d6-e5-f4-e3-d4-c5"))
    assert forms_chain(occupied, square_index("e3"))


def test_d_the_king_expands_the_chain_from_e5_to_e6_and_contracts_it_back():
    others = ["c6", "d6", "c5", "f5", "c4", "e4", "c3", "d3", "e3"]
    on_e5 = squares_mask([*others, "e5"])
    on_e6 = squares_mask([*others, "e6"])
    assert forms_chain(on_e5, square_index("e5"))
    assert forms_chain(on_e6, square_index("e6"))
    assert is_chain(on_e6, loop("d6-e6-f5-e4-d3-c4-c5"))


def test_removing_any_piece_of_the_simple_chain_breaks_it():
    for missing in FIG_A:
        rest = [name for name in FIG_A if name != missing]
        occupied = squares_mask(rest)
        assert not any(forms_chain(occupied, square_index(name)) for name in rest), missing
