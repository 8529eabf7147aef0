"""Event.time_control strings: the syntax documented in docs/rules/clocks.md."""

from __future__ import annotations

import pytest

from clocks.control import BRONSTEIN, FISCHER, NONE, US_DELAY, Period, TimeControlError, parse_time_control


def test_fide_classical_control_gives_the_increment_from_move_one():
    control = parse_time_control("40/5400:1800+30")
    assert control.periods == (Period(40, 5_400_000, FISCHER, 30_000), Period(None, 1_800_000, FISCHER, 30_000))


def test_an_earlier_period_can_switch_the_increment_off():
    control = parse_time_control("40/5400+0:1800+30")
    assert control.periods[0] == Period(40, 5_400_000, NONE, 0)
    assert control.periods[1].bonus == FISCHER


def test_short_form_reads_minutes_up_to_three_hours_and_seconds_above():
    assert parse_time_control("90+30").periods == (Period(None, 5_400_000, FISCHER, 30_000),)
    assert parse_time_control("300+3").periods == (Period(None, 300_000, FISCHER, 3_000),)


def test_units_make_the_reading_explicit():
    assert parse_time_control("3s").periods == (Period(None, 3_000),)
    assert parse_time_control("1.5h").periods == (Period(None, 5_400_000),)
    assert parse_time_control("180s+2").periods == (Period(None, 180_000, FISCHER, 2_000),)


def test_delays_are_written_d_for_us_and_b_for_bronstein():
    assert parse_time_control("90d5").periods == (Period(None, 5_400_000, US_DELAY, 5_000),)
    assert parse_time_control("90b5").periods == (Period(None, 5_400_000, BRONSTEIN, 5_000),)


def test_days_per_move_is_a_delay_over_nothing_banked():
    assert parse_time_control("d5").periods == (Period(None, 0, US_DELAY, 5 * 86_400_000),)


def test_dash_and_question_mark_mean_untimed():
    assert not parse_time_control("-").timed
    assert not parse_time_control("?").timed


@pytest.mark.parametrize("text", ["90++30", "abc", "40/:30", "0/300", "0", "60:30/300", "90x5"])
def test_unreadable_controls_are_refused_with_the_bad_part_named(text):
    with pytest.raises(TimeControlError, match="time control"):
        parse_time_control(text)


def test_the_last_period_with_a_move_count_repeats():
    control = parse_time_control("40/7200:20/3600")
    assert control.period(5) == Period(20, 3_600_000)
