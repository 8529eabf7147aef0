"""The game's clock: read from the row (a new one from the event's time control before the first move) and
written back with its flag deadline; server time as integer milliseconds, as :mod:`clocks` counts it."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from clocks import Clock, TimeControlError, parse_time_control
from tournaments.models import Game

log = logging.getLogger(__name__)


def to_ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def from_ms(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, tz=UTC)


def load_clock(game: Game, time_control: str | None = None) -> Clock:
    """The game's clock (a new one from the event's time control before the first move). ``time_control``: the
    event's, when it was read with the game (the move path's lock); else it is read through the game's round."""
    if game.clock:
        try:
            return Clock.from_dict(game.clock)
        except (KeyError, TypeError, ValueError, AttributeError):
            # A stored clock that does not read (the record edited by hand before the admin showed it read-only):
            # the game is still shown and played, untimed, never a 500; the arbiter is told by the log.
            log.error("game %s: the stored clock does not read (%.200r); it plays untimed", game.pk, game.clock)
            return Clock.new(parse_time_control("-"))
    text = time_control if time_control is not None else game.round.event.time_control
    try:
        control = parse_time_control(text)
    except TimeControlError:
        # A bad setting must not stop play; the arbiter corrects it (FIDE 6.10). Logged for the organiser.
        log.warning("game %s: unreadable time control %r; the game plays untimed", game.pk, text)
        control = parse_time_control("-")
    return Clock.new(control)


def save_clock(game: Game, clock: Clock) -> None:
    """Put ``clock`` on the game (not saved yet), with the instant its next flag would fall."""
    game.clock = clock.to_dict()
    deadline = clock.next_deadline()
    game.flag_deadline = from_ms(deadline) if deadline is not None else None
