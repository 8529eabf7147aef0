"""Chess clocks as pure values: no Django, no reading of the time.

Every operation takes ``now`` as integer milliseconds (any epoch, as long as it is the same one) and returns a
new :class:`~clocks.clock.Clock`; nothing ticks. The games app reads the server time once per request and passes
it in. ``docs/rules/clocks.md`` describes the time-control syntax and the readings chosen.
"""

from clocks.army import ArmyClock
from clocks.clock import Clock, ClockError, SideTime
from clocks.control import Period, TimeControl, TimeControlError, parse_time_control
from clocks.simultaneous import begin_turn, commit, turn_complete

__all__ = [
    "ArmyClock",
    "Clock",
    "ClockError",
    "Period",
    "SideTime",
    "TimeControl",
    "TimeControlError",
    "begin_turn",
    "commit",
    "parse_time_control",
    "turn_complete",
]
