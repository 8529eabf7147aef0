from __future__ import annotations

import pytest

from variants.dice import format_roll, parse_roll


def test_a_roll_is_sorted_ascending_whatever_the_order_of_the_dice():
    assert parse_roll("4-2-4") == (2, 4, 4)
    assert parse_roll("6-5-1") == (1, 5, 6)
    assert parse_roll(" 3-3-3 ") == (3, 3, 3)


def test_format_roll_writes_the_dice_ascending_joined_by_dashes():
    assert format_roll((5, 1, 4)) == "1-4-5"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("1-7-1", "1..6"),
        ("0-2-3", "1..6"),
        ("1-2", "three dice"),
        ("1-2-3-4", "three dice"),
        ("a-b-c", "not a die"),
        ("", "three dice"),
        ("1--2", "not a die"),
        ("1-2-", "not a die"),
        ("-1-2-3", "three dice"),
        ("1-+2-3", "not a die"),
    ],
)
def test_a_bad_roll_is_a_value_error_with_a_one_line_reason(text, reason):
    with pytest.raises(ValueError, match=reason) as error:
        parse_roll(text)
    assert "\n" not in str(error.value)
