"""Fischer, US delay, Bronstein and multi-period controls, pressed at known instants (ms)."""

from __future__ import annotations

import pytest

from clocks import Clock, ClockError, parse_time_control


def running(text: str, now: int = 0) -> Clock:
    return Clock.new(parse_time_control(text)).start({"white"}, now)


def test_fischer_adds_the_increment_after_the_move():
    clock = running("60s+2").switch("white", 10_000)
    assert clock.remaining("white", 10_000) == 52_000
    assert clock.running == {"black"}


def test_us_delay_spends_main_time_only_after_the_delay():
    quick = running("60s d5").switch("white", 4_000)
    slow = running("60s d5").switch("white", 8_000)
    assert quick.remaining("white", 4_000) == 60_000
    assert slow.remaining("white", 8_000) == 57_000


def test_bronstein_gives_back_the_time_used_up_to_the_delay():
    quick = running("60s b5").switch("white", 4_000)
    slow = running("60s b5").switch("white", 8_000)
    assert quick.remaining("white", 4_000) == 60_000
    assert slow.remaining("white", 8_000) == 57_000


def test_at_zero_main_time_us_delay_still_allows_the_delay_but_bronstein_flags():
    us = Clock.new(parse_time_control("60s d5")).adjust("white", -60_000, 0).start({"white"}, 0)
    bronstein = Clock.new(parse_time_control("60s b5")).adjust("white", -60_000, 0).start({"white"}, 0)
    assert us.deadline("white") == 5_000
    assert not us.switch("white", 4_999).flagged
    assert bronstein.deadline("white") == 0
    assert bronstein.switch("white", 1).flagged == ("white",)


def test_the_second_period_is_added_when_the_move_count_is_met():
    clock = Clock.new(parse_time_control("2/100:50"))
    now = 0
    clock = clock.start({"white"}, now)
    for _ in range(2):
        now += 10_000
        clock = clock.switch("white", now)
        now += 1_000
        clock = clock.switch("black", now)
    assert clock.remaining("white", now) == 100_000 - 20_000 + 50_000
    assert clock.side("white").period == 1


def test_a_press_after_the_flag_fell_does_not_count():
    clock = running("10s+5").switch("white", 10_000)
    assert clock.flagged == ("white",)
    assert clock.flagged_at_ms == 10_000
    assert clock.remaining("white", 10_000) == 0


def test_pause_keeps_the_time_used_and_resume_continues_it():
    clock = running("60s d5").pause(3_000)
    assert clock.deadline("white") is None
    clock = clock.resume(100_000)
    assert clock.delay_left("white", 100_000) == 2_000
    assert clock.deadline("white") == 100_000 + 62_000
    with pytest.raises(ClockError):
        clock.resume(100_001)


def test_the_arbiter_adds_and_takes_time_but_never_below_zero():
    clock = running("60s").adjust("black", 120_000, 1_000)
    assert clock.remaining("black", 1_000) == 180_000
    clock = clock.adjust("white", -600_000, 20_000)
    assert clock.remaining("white", 20_000) == 0
    assert clock.flag_fall(20_000).flagged == ("white",)


def test_the_state_survives_a_round_trip_through_a_dict():
    clock = running("40/5400:1800+30", 5).switch("white", 9_000).pause(10_000)
    assert Clock.from_dict(clock.to_dict()) == clock


def test_an_untimed_clock_never_flags():
    clock = running("-").switch("white", 10**9)
    assert clock.next_deadline() is None
    assert clock.flag_fall(10**12) == clock
