"""The complete table: every first roll alone and every (first, second) pair the rules allow."""

from __future__ import annotations

from collections import Counter

from variants.dice import all_layouts, first_rolls, layout, second_roll_allowed

LAYOUTS = list(all_layouts())


def test_there_are_fifty_six_distinct_first_rolls():
    rolls = first_rolls()
    assert len(rolls) == len(set(rolls)) == 56
    assert rolls == sorted(rolls)


def test_six_first_rolls_are_three_alike_and_allow_no_second_roll():
    assert [roll for roll in first_rolls() if not second_roll_allowed(roll)] == [f"{n}-{n}-{n}" for n in range(1, 7)]


def test_all_layouts_holds_each_first_roll_alone_and_fifty_times_fifty_six_pairs():
    assert len(LAYOUTS) == 56 + 50 * 56
    alone = [result for result in LAYOUTS if result.second is None]
    assert [result.first for result in alone] == first_rolls()
    pairs = Counter((result.first, result.second) for result in LAYOUTS if result.second is not None)
    assert len(pairs) == 50 * 56
    assert max(pairs.values()) == 1


def test_all_layouts_are_in_ascending_order_of_first_then_second_roll_the_roll_alone_first():
    keys = [(result.first, result.second or "") for result in LAYOUTS]
    assert keys == sorted(keys)
    assert [key for key in keys if key[0] == "1-1-2"][:2] == [("1-1-2", ""), ("1-1-2", "1-1-1")]


def test_every_entry_matches_layout_of_its_own_rolls():
    for result in LAYOUTS[::97]:
        assert layout(result.first, result.second) == result


def test_spot_check_rows_of_the_table():
    by_rolls = {(result.first, result.second): result for result in LAYOUTS}
    assert by_rolls[("1-1-1", None)].castling == 4
    assert by_rolls[("2-2-2", None)].castling is None
    assert by_rolls[("1-2-3", None)].names[4:8] == ("Man", "Elephant", "Elephant", "Man")
    assert by_rolls[("2-4-4", "2-2-2")].names[0] == "Princess"
    assert by_rolls[("1-4-5", "4-6-6")].names[1] == "Horse-Zebra"
    assert ("3-3-3", "1-2-3") not in by_rolls
