"""Time controls: what ``Event.time_control`` strings mean, parsed into periods.

Syntax (full description and examples in docs/rules/clocks.md), case-insensitive, spaces ignored::

    control  := "-" | "?" | "d" DAYS | period (":" period)*
    period   := [MOVES "/"] TIME [bonus]
    TIME     := NUMBER ["h" | "m" | "s"]
    bonus    := "+" SECONDS        Fischer increment after every completed move
              | "d" SECONDS        US (simple) delay: main time starts after the delay
              | "b" SECONDS        Bronstein delay: time used, up to the delay, is given back

A TIME without a unit is PGN seconds in a multi-period control (``40/5400:1800+30``). In a single-period control
without a move count it is minutes when at most 180 and seconds above (``90+30`` = 90 min + 30 s, ``300+3`` =
5 min + 3 s), because that is how organisers write both. ``d5`` alone is correspondence: 5 days a move.
If only the last period names a bonus, the bonus applies from move 1 (FIDE's 40/90 + 30 + 30 s a move); write
``+0`` on an earlier period to switch it off there. The last period repeats when it has a move count (PGN).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

NONE = "none"
FISCHER = "fischer"
US_DELAY = "us"
BRONSTEIN = "bronstein"
BONUS_KINDS = (NONE, FISCHER, US_DELAY, BRONSTEIN)

_BONUS_SIGNS = {"+": FISCHER, "d": US_DELAY, "b": BRONSTEIN}
_UNITS_MS = {"h": 3_600_000, "m": 60_000, "s": 1_000}
# ASCII digits only; a time or bonus to the millisecond at most (three decimals), so any number written nonzero is
# at least 1 ms and "no time at all" is a matter of the digits written (which :data:`PATTERN` can say).
_PERIOD = re.compile(
    r"^(?:(?P<moves>[0-9]+)/)?(?P<time>[0-9]+(?:\.[0-9]{1,3})?)(?P<unit>[hms]?)"
    r"(?:(?P<sign>[+db])(?P<bonus>[0-9]+(?:\.[0-9]{1,3})?)s?)?$"
)
_DAYS = re.compile(r"^d(?P<days>[0-9]+)$")
# Above this many minutes a bare single-period number is read as seconds (3 h is the longest sane base).
SHORT_FORM_MINUTES_MAX = 180
DAY_MS = 86_400_000


def _pattern() -> str:
    """The regular expression of every text :func:`parse_time_control` reads (an API schema's ``pattern``): spaces
    anywhere, letters in either case, a move count above 0 on every period but the last, some time somewhere."""
    w, d, dot = r"\s*", "[0-9]", r"\."

    def spaced(*parts: str) -> str:
        return w.join(parts)

    decimals = f"(?:{w}{d}){{0,2}}"  # after the first decimal: three at most
    fraction = f"(?:{spaced('', dot, d)}{decimals})?"
    number = f"{d}(?:{w}{d})*{fraction}"
    zero = f"0(?:{w}0)*(?:{spaced('', dot, '0')}(?:{w}0){{0,2}})?"
    nonzero_fraction = f"(?:[1-9]{decimals}|{spaced('0', '[1-9]')}(?:{w}{d})?|{spaced('0', '0', '[1-9]')})"
    nonzero = f"(?:(?:0{w})*[1-9](?:{w}{d})*{fraction}|0(?:{w}0)*{w}{dot}{w}{nonzero_fraction})"
    above_zero = f"(?:0{w})*[1-9](?:{w}{d})*"
    unit = f"(?:{w}[hmsHMS])?"

    def bonus(amount: str) -> str:
        return f"{w}[+dDbB]{w}{amount}(?:{w}[sS])?"

    def period(moves: bool, time: str, after: str) -> str:
        count = f"{above_zero}{w}/{w}"
        return f"{count if moves else f'(?:{count})?'}{time}{unit}{after}"

    def any_period(moves: bool) -> str:
        return period(moves, number, f"(?:{bonus(number)})?")

    def timed_period(moves: bool) -> str:  # some time: a base or a bonus written nonzero
        return f"(?:{period(moves, nonzero, f'(?:{bonus(number)})?')}|{period(moves, zero, bonus(nonzero))})"

    before = f"(?:{any_period(True)}{w}:{w})*"
    periods = f"{before}(?:{timed_period(False)}|{timed_period(True)}{w}:{w}{before}{any_period(False)})"
    return f"^{w}(?:[-?]|[dD]{w}{above_zero}|{periods}){w}$"


#: What :func:`parse_time_control` reads, as one regular expression (tests/clocks check that they agree).
PATTERN = _pattern()


class TimeControlError(ValueError):
    """A time-control string that cannot be read; the message says what is wrong."""


@dataclass(frozen=True)
class Period:
    """One period: ``moves`` to complete in it (``None``: the rest of the game), its base time and bonus."""

    moves: int | None
    base_ms: int
    bonus: str = NONE
    bonus_ms: int = 0

    def to_dict(self) -> dict:
        return {"moves": self.moves, "base_ms": self.base_ms, "bonus": self.bonus, "bonus_ms": self.bonus_ms}

    @classmethod
    def from_dict(cls, data: dict) -> Period:
        return cls(data["moves"], int(data["base_ms"]), data.get("bonus", NONE), int(data.get("bonus_ms", 0)))


@dataclass(frozen=True)
class TimeControl:
    """The periods of a control in order of use. No periods means an untimed game."""

    periods: tuple[Period, ...]
    text: str = ""

    @property
    def timed(self) -> bool:
        return bool(self.periods)

    def period(self, index: int) -> Period:
        """The period in force after ``index`` period changes: the last one repeats (PGN)."""
        return self.periods[min(index, len(self.periods) - 1)]

    def to_dict(self) -> dict:
        return {"text": self.text, "periods": [p.to_dict() for p in self.periods]}

    @classmethod
    def from_dict(cls, data: dict) -> TimeControl:
        return cls(tuple(Period.from_dict(p) for p in data.get("periods", [])), data.get("text", ""))

    def describe(self) -> str:
        """A human reading, e.g. ``40 moves in 90 min, then 30 min; +30 s a move``."""
        if not self.timed:
            return "untimed"
        parts = []
        for p in self.periods:
            span = f"{_fmt_ms(p.base_ms)}" if p.moves is None else f"{p.moves} moves in {_fmt_ms(p.base_ms)}"
            bonus = {
                NONE: "",
                FISCHER: f" +{_fmt_ms(p.bonus_ms)} a move",
                US_DELAY: f", {_fmt_ms(p.bonus_ms)} delay",
                BRONSTEIN: f", {_fmt_ms(p.bonus_ms)} Bronstein delay",
            }[p.bonus]
            parts.append(span + bonus)
        return ", then ".join(parts)


def _fmt_ms(ms: int) -> str:
    if ms and ms % DAY_MS == 0:
        return f"{ms // DAY_MS} d"
    if ms and ms % 60_000 == 0:
        return f"{ms // 60_000} min"
    return f"{ms / 1000:g} s"


def _to_ms(number: str, unit_ms: int) -> int:
    return round(float(number) * unit_ms)


@lru_cache(maxsize=256)
def parse_time_control(text: str) -> TimeControl:
    """Parse ``text`` (see the module docstring); raises :class:`TimeControlError` naming the bad part."""
    raw = (text or "").strip()
    cleaned = re.sub(r"\s+", "", raw).lower()
    if cleaned in {"", "-", "?"}:
        return TimeControl((), raw)
    days = _DAYS.match(cleaned)
    if days:
        per_move = int(days["days"]) * DAY_MS
        if per_move <= 0:
            raise TimeControlError(f"time control {raw!r}: days per move must be at least 1")
        # Correspondence: nothing banked, each move has the full allowance — a US delay over a zero base.
        return TimeControl((Period(None, 0, US_DELAY, per_move),), raw)
    pieces = cleaned.split(":")
    short_form = len(pieces) == 1 and "/" not in cleaned
    matches = []
    for piece in pieces:
        match = _PERIOD.match(piece)
        if not match:
            raise TimeControlError(
                f"time control {raw!r}: cannot read period {piece!r} (expected e.g. 90+30, 40/5400, 1800d5, 300b3)"
            )
        matches.append(match)
    periods: list[Period] = []
    for index, match in enumerate(matches):
        last = index == len(matches) - 1
        moves = int(match["moves"]) if match["moves"] else None
        if moves is not None and moves <= 0:
            raise TimeControlError(f"time control {raw!r}: a period needs at least one move")
        if moves is None and not last:
            raise TimeControlError(f"time control {raw!r}: only the last period may omit its move count")
        if match["unit"]:
            unit_ms = _UNITS_MS[match["unit"]]
        elif short_form and float(match["time"]) <= SHORT_FORM_MINUTES_MAX:
            unit_ms = 60_000
        else:
            unit_ms = 1_000
        base_ms = _to_ms(match["time"], unit_ms)
        bonus, bonus_ms = NONE, 0
        if match["sign"]:
            bonus, bonus_ms = _BONUS_SIGNS[match["sign"]], _to_ms(match["bonus"], 1_000)
            if bonus_ms == 0:
                bonus = NONE
        periods.append(Period(moves, base_ms, bonus, bonus_ms))
    base_sum = sum(p.base_ms for p in periods)
    if not base_sum and all(p.bonus in (NONE, FISCHER) for p in periods) and not any(p.bonus_ms for p in periods):
        raise TimeControlError(f"time control {raw!r}: no time at all (write '-' for an untimed game)")
    # FIDE's usual control writes the increment once at the end and means it from move 1.
    if len(matches) > 1 and matches[-1]["sign"] and not any(m["sign"] for m in matches[:-1]):
        tail = periods[-1]
        periods = [Period(p.moves, p.base_ms, tail.bonus, tail.bonus_ms) for p in periods[:-1]] + [tail]
    return TimeControl(tuple(periods), raw)
