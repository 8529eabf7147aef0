"""What a requested bye scores in an event: its ``requested_bye_points`` (0, ½ or 1) of one game's points under the
event's scoring profile (issue 23; ½, a draw's points, unless the director chose otherwise)."""

from __future__ import annotations

from decimal import Decimal

from scoring import bye_points, get_profile
from tournaments.models import Bye, Event


def requested_bye_value(event: Event) -> Decimal:
    total = Decimal(str(get_profile(event.scoring).game_total))
    return Decimal(str(event.requested_bye_points)) * total


def bye_value(event: Event, kind: str) -> Decimal:
    """The points of a bye of ``kind`` in ``event``."""
    if kind == Bye.Kind.REQUESTED:
        return requested_bye_value(event)
    return Decimal(str(bye_points(event.scoring, kind)))
