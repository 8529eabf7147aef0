"""Property tests (hypothesis): ``Clock.earliest_flag`` is a lower bound on every flag fall that follows.

The flag-check task is scheduled for this bound once per game and re-armed by itself, so a move never has to
schedule one: that is only right if no sequence of moves can make a flag fall before the bound.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from clocks import Clock, begin_turn, commit, parse_time_control, turn_complete

# Every bonus kind, periods by move count, a smaller delay in a later period, a base of zero after the first.
CONTROLS = ["60s", "60s+2", "60s d5", "60s b5", "3/30:20+1", "2/20b3:10d2", "2/20d9:0d1", "5s+10", "d1"]

controls = st.sampled_from(CONTROLS).map(parse_time_control)
thinks = st.lists(st.integers(min_value=0, max_value=40_000), max_size=40)
start_at = st.integers(min_value=0, max_value=39)


def flag_times(clock: Clock, now: int) -> list[int]:
    """The instants at which a flag falls (or is due) in ``clock`` as seen at ``now``."""
    if clock.flagged:
        return [clock.flagged_at_ms]
    return [d for d in (clock.deadline(s) for s in ("white", "black")) if d is not None]


@settings(max_examples=200, deadline=None)
@given(controls, thinks, start_at)
def test_no_alternating_game_flags_before_the_bound(control, steps, observe_at):
    now = 1_000
    clock = Clock.new(control).start({"white"}, now)
    side = "white"
    bound = None
    for index, dt in enumerate(steps):
        if index == observe_at:
            bound = clock.earliest_flag(now)
            # In the past only when a flag is already due (the service then checks at once).
            assert bound is not None and (bound >= now or min(flag_times(clock, now)) <= now)
        now += dt
        clock = clock.switch(side, now)
        if bound is not None:
            assert all(t >= bound for t in flag_times(clock, now)), (bound, flag_times(clock, now))
        if clock.flagged:
            break
        side = "black" if side == "white" else "white"


@settings(max_examples=200, deadline=None)
@given(controls, st.lists(st.tuples(st.booleans(), st.integers(0, 40_000)), max_size=40), start_at)
def test_no_simultaneous_game_flags_before_the_bound(control, steps, observe_at):
    now = 1_000
    clock = begin_turn(Clock.new(control), now)
    bound = None
    for index, (white_first, dt) in enumerate(steps):
        if index == observe_at:
            bound = clock.earliest_flag(now)
            # In the past only when a flag is already due (the service then checks at once).
            assert bound is not None and (bound >= now or min(flag_times(clock, now)) <= now)
        now += dt
        open_sides = [s for s in (("white", "black") if white_first else ("black", "white")) if s in clock.running]
        clock = commit(clock, open_sides[0], now)
        if not clock.flagged and turn_complete(clock):
            clock = begin_turn(clock, now)
        if bound is not None:
            assert all(t >= bound for t in flag_times(clock, now))
        if clock.flagged:
            break


def test_no_bound_while_nothing_can_run():
    control = parse_time_control("60s+2")
    assert Clock.new(control).earliest_flag(0) is None  # not started: the first move schedules the check
    running = Clock.new(control).start({"white"}, 0)
    assert running.pause(10).earliest_flag(20) is None
    assert Clock.new(parse_time_control("-")).start({"white"}, 0).earliest_flag(5) is None
    assert running.earliest_flag(1_000) == 60_000  # White's own deadline; Black could flag no sooner than 61 s
