"""Property tests (hypothesis): any sequence of presses, pauses, arbiter corrections and switches."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from clocks import ArmyClock, Clock, begin_turn, commit, parse_time_control, turn_complete
from clocks.control import BRONSTEIN, FISCHER, US_DELAY

CONTROLS = ["60s", "60s+2", "60s d5", "60s b5", "3/30:20+1", "2/20b3:10d2", "5s+10"]

controls = st.sampled_from(CONTROLS).map(parse_time_control)
thinking = st.integers(min_value=0, max_value=40_000)
actions = st.lists(
    st.tuples(st.sampled_from(["press", "pause", "adjust"]), thinking, st.integers(-30_000, 30_000)),
    max_size=40,
)


def bonus_allowance(clock: Clock, side: str, used: int) -> int:
    """The most a press may add to the shown time: increment, delay given back, or a new period's base."""
    period = clock.period(side)
    gain = {FISCHER: period.bonus_ms, BRONSTEIN: min(used, period.bonus_ms), US_DELAY: 0}.get(period.bonus, 0)
    state = clock.side(side)
    if period.moves is not None and state.period_moves + 1 >= period.moves:
        gain += clock.control.period(state.period + 1).base_ms
    return gain


@settings(max_examples=150, deadline=None)
@given(controls, actions)
def test_time_is_never_negative_and_a_press_gains_at_most_its_bonus(control, steps):
    now = 1_000
    clock = Clock.new(control).start({"white"}, now)
    side = "white"
    for action, dt, delta in steps:
        now += dt
        if clock.flagged:
            break
        if action == "pause":
            clock = clock.pause(now).resume(now + 5_000)
            now += 5_000
        elif action == "adjust":
            clock = clock.adjust(side, delta, now)
        else:
            before = clock.remaining(side, now)
            used = clock.used(side, now)
            allowed = bonus_allowance(clock, side, used)
            pressed = clock.switch(side, now)
            if not pressed.flagged:
                assert pressed.remaining(side, now) - before <= allowed
                # The time at the start of the turn is an upper bound too, except for a Fischer increment or a new period.
                if clock.period(side).bonus != FISCHER and allowed == 0:
                    assert pressed.remaining(side, now) <= clock.side(side).remaining_ms
            clock = pressed
            side = "black" if side == "white" else "white"
        for s in ("white", "black"):
            assert clock.remaining(s, now) >= 0
            assert clock.side(s).remaining_ms >= 0
        assert Clock.from_dict(clock.to_dict()) == clock


@settings(max_examples=150, deadline=None)
@given(controls, st.lists(st.tuples(thinking, st.booleans()), max_size=40))
def test_army_time_follows_the_army_through_any_sequence_of_switches(control, moves):
    now = 0
    switching = ArmyClock(Clock.new(control).start({"white"}, now))
    plain = Clock.new(control).start({"white"}, now)  # the same moves, nobody ever switching
    army = "white"
    switches = 0
    for dt, switch in moves:
        now += dt
        switching = switching.move(army, now, switch=switch)
        plain = plain.switch(army, now)
        if plain.flagged:
            assert switching.clock.flagged == plain.flagged
            break
        switches += switch
        army = "black" if army == "white" else "white"
        for a in ("white", "black"):
            assert switching.clock.remaining(a, now) == plain.remaining(a, now)
            # Each person's time is the time of the army they control now.
            assert switching.seat_remaining(switching.controller(a), now) == plain.remaining(a, now)
        assert switching.controller("white") == ("black" if switches % 2 else "white")
    assert ArmyClock.from_dict(switching.to_dict()) == switching


@settings(max_examples=100, deadline=None)
@given(controls, st.lists(st.tuples(thinking, thinking, st.booleans()), max_size=25))
def test_simultaneous_clocks_stop_at_each_commit_and_restart_together(control, turns):
    now = 0
    clock = begin_turn(Clock.new(control), now)
    for white_think, black_think, white_first in turns:
        order = [("white", white_think), ("black", black_think)]
        if not white_first:
            order.reverse()
        start = now
        for army, think in order:
            at = start + think
            other = "black" if army == "white" else "white"
            running_other = other in clock.running
            other_before = clock.remaining(other, at) if running_other else None
            clock = commit(clock, army, max(at, now))
            now = max(at, now)
            if clock.flagged:
                break
            assert army not in clock.running
            if running_other:
                # The opponent's clock kept running through this commit.
                assert clock.remaining(other, now) == other_before
        if clock.flagged:
            assert clock.next_deadline() is None
            break
        assert turn_complete(clock)
        clock = begin_turn(clock, now)
        for s in ("white", "black"):
            assert clock.remaining(s, now) >= 0
