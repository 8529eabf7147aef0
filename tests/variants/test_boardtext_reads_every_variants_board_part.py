"""One reader for the board part of every variant's position string: FEN, 12x8 RVC and Twilight."""

from __future__ import annotations

import pytest

from variants.boardtext import BoardTextError, board_part, rank_symbols
from variants.twilight import STARTING_FEN


def test_a_12x8_rank_keeps_horse_forms_as_one_symbol_and_reads_two_digit_runs():
    assert list(rank_symbols("o+chbqmmkbh+co", 8)) == ["o", "+c", "h", "b", "q", "m", "m", "k", "b", "h", "+c", "o"]
    assert list(rank_symbols("12", 3)) == [None] * 12


def test_a_fen_rank_mixes_pieces_and_single_digit_runs():
    assert list(rank_symbols("4P3", 4)) == [None] * 4 + ["P"] + [None] * 3


def test_twilights_reserve_is_not_part_of_the_board_and_its_marks_are_left_to_the_caller():
    assert board_part(STARTING_FEN) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
    assert list(rank_symbols("P~7", 2)) == ["P", "~"] + [None] * 7


def test_a_run_of_zero_squares_names_its_rank():
    with pytest.raises(BoardTextError, match="rank 5: an empty run of 0 squares"):
        list(rank_symbols("p0", 5))


def test_an_absurdly_long_empty_run_is_refused_at_once():
    import pytest

    from variants.boardtext import BoardTextError, rank_symbols

    with pytest.raises(BoardTextError, match="longer than any board"):
        list(rank_symbols("99999999999", 8))
