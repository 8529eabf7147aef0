"""The clock: two sides' time as an immutable value, stepped by operations that take ``now`` in milliseconds.

Model (after scalachess, lichess's clock library): nothing ticks. A side keeps the main time it had
when its turn began (``remaining_ms``) and the time it has used this turn before the current running stretch
(``used_ms``, which survives an arbiter's pause); the running sides share one stamp ``since_ms``. "Running" is a
*set* of sides: none, one (alternating chess) or both (Parity Chess's simultaneous turn).

Bonus modes, applied per period:

* Fischer: after a completed move add the increment.
* US (simple) delay ``d``: the first ``d`` of each turn is free; main time only runs after it, nothing is added.
  With 0 s main time a player still has ``d`` to move.
* Bronstein ``d``: main time runs from the start; the press gives back ``min(used, d)``. With 0 s main time the
  flag falls at once — the difference from US delay at the zero boundary.

A press that comes when the side's time is already up does not count: it flags the side instead (no bonus for
a mover who has flagged, as in scalachess).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from clocks.control import BRONSTEIN, FISCHER, US_DELAY, Period, TimeControl

WHITE = "white"
BLACK = "black"
SIDES = (WHITE, BLACK)


def _other(side: str) -> str:
    return BLACK if side == WHITE else WHITE


class ClockError(ValueError):
    """An operation that makes no sense in the clock's state (pressing a stopped clock, resuming twice ...)."""


@dataclass(frozen=True)
class SideTime:
    """One side's time. ``moves`` counts completed presses; ``period``/``period_moves`` track multi-period controls."""

    remaining_ms: int
    used_ms: int = 0
    moves: int = 0
    period: int = 0
    period_moves: int = 0

    def to_dict(self) -> dict:
        return {
            "remaining_ms": self.remaining_ms,
            "used_ms": self.used_ms,
            "moves": self.moves,
            "period": self.period,
            "period_moves": self.period_moves,
        }

    @classmethod
    def from_dict(cls, data: dict) -> SideTime:
        return cls(
            int(data["remaining_ms"]),
            int(data.get("used_ms", 0)),
            int(data.get("moves", 0)),
            int(data.get("period", 0)),
            int(data.get("period_moves", 0)),
        )


@dataclass(frozen=True)
class Clock:
    control: TimeControl
    white: SideTime
    black: SideTime
    running: frozenset[str] = field(default_factory=frozenset)
    since_ms: int | None = None
    paused: bool = False
    flagged: tuple[str, ...] = ()  # the side(s) whose flag fell first; both only on an exact tie
    flagged_at_ms: int | None = None

    # --- construction ---------------------------------------------------------------------------------------
    @classmethod
    def new(cls, control: TimeControl) -> Clock:
        """Both sides with the first period's time; nothing runs until :meth:`start`."""
        base = control.period(0).base_ms if control.timed else 0
        return cls(control, SideTime(base), SideTime(base))

    # --- reading ----------------------------------------------------------------------------------------------
    @property
    def timed(self) -> bool:
        return self.control.timed

    @property
    def stopped(self) -> bool:
        return not self.running or self.paused or bool(self.flagged)

    def side(self, side: str) -> SideTime:
        if side == WHITE:
            return self.white
        if side == BLACK:
            return self.black
        raise ClockError(f"unknown side {side!r}")

    def period(self, side: str) -> Period | None:
        return self.control.period(self.side(side).period) if self.timed else None

    def used(self, side: str, now: int) -> int:
        """Time ``side`` has used in its current turn, as of ``now``."""
        state = self.side(side)
        if side in self.running and not self.paused and self.since_ms is not None and not self.flagged:
            return state.used_ms + max(0, now - self.since_ms)
        return state.used_ms

    def _delay(self, side: str) -> int:
        period = self.period(side)
        return period.bonus_ms if period is not None and period.bonus == US_DELAY else 0

    def _charge(self, side: str, used: int) -> int:
        """Main time consumed by ``used`` ms of thinking (US delay: only what exceeds the delay)."""
        return max(0, used - self._delay(side))

    def allowance(self, side: str) -> int:
        """Thinking time ``side`` had at the start of this turn before its flag falls."""
        return self.side(side).remaining_ms + self._delay(side)

    def remaining(self, side: str, now: int) -> int:
        """Main time shown for ``side`` at ``now`` (never negative)."""
        return max(0, self.side(side).remaining_ms - self._charge(side, self.used(side, now)))

    def delay_left(self, side: str, now: int) -> int:
        """What is left of a US delay this turn (0 in other modes or when ``side`` is not to move)."""
        if side not in self.running:
            return 0
        return max(0, self._delay(side) - self.used(side, now))

    def deadline(self, side: str) -> int | None:
        """The instant (ms) at which ``side``'s flag falls if nothing happens; ``None`` when its clock is stopped."""
        if not self.timed or self.flagged or self.paused or self.since_ms is None or side not in self.running:
            return None
        state = self.side(side)
        return self.since_ms + self.allowance(side) - state.used_ms

    def next_deadline(self) -> int | None:
        """The earliest flag fall among the running sides (what a flag sweeper waits for)."""
        deadlines = [d for d in (self.deadline(s) for s in SIDES) if d is not None]
        return min(deadlines) if deadlines else None

    def earliest_flag(self, now: int) -> int | None:
        """A lower bound, seen from ``now``, on every flag fall to come whatever moves are played.

        A side can flag no sooner than ``now`` + its main time left + the smallest US delay of the control: main
        time runs down at most at real speed, presses only add time (increment, Bronstein refund, next period)
        and each turn starts with its full delay. So a flag check due at this instant never has to be moved
        earlier by a move; only the arbiter taking time away (or resuming a pause) can need an earlier one.
        ``None`` when no clock can run until something else happens (untimed, not started, paused, flag fallen).
        """
        if not self.timed or self.flagged or self.paused or not self.running:
            return None
        least_delay = min(p.bonus_ms if p.bonus == US_DELAY else 0 for p in self.control.periods)
        bounds = [now + self.remaining(s, now) + least_delay for s in SIDES]
        bounds += [d for d in (self.deadline(s) for s in SIDES) if d is not None]
        return min(bounds)

    # --- stepping ---------------------------------------------------------------------------------------------
    def flag_fall(self, now: int) -> Clock:
        """The clock with the first fallen flag recorded, stopped at that instant; unchanged if none fell."""
        deadlines = {s: self.deadline(s) for s in SIDES}
        fallen = {s: d for s, d in deadlines.items() if d is not None and d <= now}
        if not fallen:
            return self
        at = min(fallen.values())
        first = tuple(s for s in SIDES if fallen.get(s) == at)
        stopped = self._bank(at)
        sides = {s: replace(stopped.side(s), remaining_ms=stopped.remaining(s, at)) for s in SIDES}
        sides = {s: replace(t, remaining_ms=0) if s in first else t for s, t in sides.items()}
        return replace(stopped, white=sides[WHITE], black=sides[BLACK], flagged=first, flagged_at_ms=at)

    def _bank(self, now: int) -> Clock:
        """Move the running stretch into each running side's ``used_ms`` (the stamp is cleared)."""
        if self.since_ms is None or self.paused:
            return replace(self, since_ms=None)
        white, black = self.white, self.black
        if WHITE in self.running:
            white = replace(white, used_ms=self.used(WHITE, now))
        if BLACK in self.running:
            black = replace(black, used_ms=self.used(BLACK, now))
        return replace(self, white=white, black=black, since_ms=None)

    def _check_live(self) -> None:
        if self.flagged:
            raise ClockError(f"the {' and '.join(self.flagged)} flag has fallen")
        if self.paused:
            raise ClockError("the clock is paused")

    def start(self, sides: set[str] | frozenset[str] | tuple[str, ...], now: int) -> Clock:
        """Start the turn of ``sides`` at ``now`` (their used time this turn is reset)."""
        self._check_live()
        starting = frozenset(sides)
        if starting & self.running:
            raise ClockError(f"the {', '.join(sorted(starting & self.running))} clock is already running")
        banked = self._bank(now)
        white = replace(banked.white, used_ms=0) if WHITE in starting else banked.white
        black = replace(banked.black, used_ms=0) if BLACK in starting else banked.black
        return replace(banked, white=white, black=black, running=self.running | starting, since_ms=now)

    def press(self, side: str, now: int) -> Clock:
        """``side`` completes a move at ``now``: its clock stops and its bonus is credited.

        If the side's time was already up the press does not count: the returned clock has the flag fallen
        (check :attr:`flagged`).
        """
        self._check_live()
        if side not in self.running:
            raise ClockError(f"the {side} clock is not running")
        flagged = self.flag_fall(now)
        if side in flagged.flagged:
            return flagged
        used = self.used(side, now)
        state = self.side(side)
        period = self.control.period(state.period) if self.timed else None
        remaining = state.remaining_ms - self._charge(side, used)
        if period is not None and period.bonus == FISCHER:
            remaining += period.bonus_ms
        elif period is not None and period.bonus == BRONSTEIN:
            remaining += min(used, period.bonus_ms)
        index, in_period = state.period, state.period_moves + 1
        if period is not None and period.moves is not None and in_period >= period.moves:
            # Saved time carries over (FIDE 6.3); the next period's base is added the moment the count is met.
            index, in_period = index + 1, 0
            remaining += self.control.period(index).base_ms
        new_state = SideTime(max(0, remaining), 0, state.moves + 1, index, in_period)
        banked = self._bank(now)
        running = self.running - {side}
        changed = replace(banked, running=running, since_ms=now if running else None)
        return replace(changed, **{side: new_state})

    def switch(self, side: str, now: int) -> Clock:
        """The alternating press: ``side`` completes its move and the other side's clock starts."""
        pressed = self.press(side, now)
        if pressed.flagged:
            return pressed
        return pressed.start({_other(side)}, now)

    def stop(self, now: int) -> Clock:
        """Stop every clock (the game ended on the board); used time up to ``now`` is charged."""
        if self.flagged:
            return self
        banked = self._bank(now)
        sides = {
            s: SideTime(self.remaining(s, now), 0, t.moves, t.period, t.period_moves)
            for s, t in ((s, banked.side(s)) for s in SIDES)
        }
        return replace(banked, white=sides[WHITE], black=sides[BLACK], running=frozenset(), paused=False)

    # --- the arbiter --------------------------------------------------------------------------------------
    def pause(self, now: int) -> Clock:
        """The arbiter stops the clocks (FIDE 6.11); time used so far this turn is kept."""
        self._check_live()
        banked = self._bank(now)
        return replace(banked, paused=True)

    def resume(self, now: int) -> Clock:
        if self.flagged:
            raise ClockError(f"the {' and '.join(self.flagged)} flag has fallen")
        if not self.paused:
            raise ClockError("the clock is not paused")
        return replace(self, paused=False, since_ms=now if self.running else None)

    def adjust(self, side: str, delta_ms: int, now: int) -> Clock:
        """The arbiter adds (positive) or takes (negative) time; shown time never drops below zero."""
        if self.flagged:
            raise ClockError(f"the {' and '.join(self.flagged)} flag has fallen")
        state = self.side(side)
        floor = self._charge(side, self.used(side, now))
        return replace(self, **{side: replace(state, remaining_ms=max(floor, state.remaining_ms + delta_ms))})

    # --- storage ----------------------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "control": self.control.to_dict(),
            "white": self.white.to_dict(),
            "black": self.black.to_dict(),
            "running": sorted(self.running),
            "since_ms": self.since_ms,
            "paused": self.paused,
            "flagged": list(self.flagged),
            "flagged_at_ms": self.flagged_at_ms,
        }

    @classmethod
    def from_dict(cls, data: dict) -> Clock:
        return cls(
            TimeControl.from_dict(data["control"]),
            SideTime.from_dict(data["white"]),
            SideTime.from_dict(data["black"]),
            frozenset(data.get("running", ())),
            data.get("since_ms"),
            bool(data.get("paused", False)),
            tuple(data.get("flagged", ())),
            data.get("flagged_at_ms"),
        )

    def view(self, now: int) -> dict:
        """What a display shows at ``now``: per side the main time, any delay left, whether it runs."""
        shown = {}
        for s in SIDES:
            period = self.period(s)
            shown[s] = {
                "remaining_ms": self.remaining(s, now) if self.timed else None,
                "delay_ms": self.delay_left(s, now),
                "running": s in self.running and not self.stopped,
                "moves": self.side(s).moves,
                "period": self.side(s).period + 1,
                "moves_to_control": (period.moves - self.side(s).period_moves) if period and period.moves else None,
                "deadline_ms": self.deadline(s),
            }
        return {
            "control": self.control.text,
            "timed": self.timed,
            "paused": self.paused,
            "flagged": list(self.flagged),
            "as_of_ms": now,
            **shown,
        }
