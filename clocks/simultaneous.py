"""The simultaneous clock of Parity Chess (seed 001).

"In a game with timer control, the player would hit the timer once he has finalized his move by writing it
down." At the start of a turn both clocks run; a commit (sealed move) is that player's press: it stops their
own clock and credits their increment or delay; the turn resolves when both have committed, and the next turn
starts both clocks again. A side whose time runs out before committing flags; with both uncommitted the earlier
deadline flags first (:meth:`Clock.next_deadline`).
"""

from __future__ import annotations

from clocks.clock import BLACK, WHITE, Clock


def begin_turn(clock: Clock, now: int) -> Clock:
    """Start both clocks for a new simultaneous turn."""
    return clock.start({WHITE, BLACK}, now)


def commit(clock: Clock, army: str, now: int) -> Clock:
    """``army`` seals its move: its clock stops and its bonus is credited; the other side's keeps running."""
    return clock.press(army, now)


def turn_complete(clock: Clock) -> bool:
    """Both sides have committed (and nobody flagged)."""
    return not clock.running and not clock.flagged
