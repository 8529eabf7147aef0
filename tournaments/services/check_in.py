"""Check-in (issue 23): in an event with ``check_in_required`` a player says "I am here" for the next round, and
whoever has not is left out of its pairing (the director can still put them on a board).

The window of round N opens ``check_in_opens_minutes`` before the round's start time; a round with no start time
opens at the pairing of round N-1 (round 1: at once, from registration). It closes when round N is paired.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from tournaments.models import CheckIn, Event, Registration, Round
from tournaments.services.errors import Conflict
from tournaments.services.history import plays, rounds_total


@dataclass(frozen=True)
class Window:
    round: int
    opens_at: datetime | None  # None: open since the previous round was paired (or since registration)
    is_open: bool
    why_closed: str = ""


def next_round(event: Event) -> int:
    """The number of the next round to pair."""
    paired = Round.objects.filter(event=event).exclude(status=Round.Status.PENDING).order_by("-number").first()
    return paired.number + 1 if paired else 1


def window(event: Event, now: datetime | None = None) -> Window:
    """The check-in window of the next round to pair."""
    now = now or timezone.now()
    number = next_round(event)
    if not event.check_in_required:
        return Window(number, None, False, f"{event} needs no check-in")
    if number > rounds_total(event):
        return Window(number, None, False, f"every round of {event} is paired")
    rnd = Round.objects.filter(event=event, number=number).first()
    if rnd is not None and rnd.starts_at is not None:
        opens = rnd.starts_at - timedelta(minutes=event.check_in_opens_minutes)
        if now < opens:
            return Window(number, opens, False, f"check-in for round {number} opens at {opens:%Y-%m-%d %H:%M %Z}")
        return Window(number, opens, True)
    return Window(number, None, True)


def _registration(event: Event, player) -> Registration:
    reg = Registration.objects.select_for_update().filter(event=event, player=player).first()
    if reg is None:
        raise ValidationError({"player": f"{player} does not play in {event}"})
    return reg


@transaction.atomic
def check_in(event: Event, player, now: datetime | None = None) -> CheckIn:
    """``player`` checks in for the next round (idempotent); Conflict outside the window."""
    reg = _registration(event, player)
    found = window(event, now)
    if not found.is_open:
        raise Conflict({"round": found.why_closed})
    if not plays(reg, found.round):
        raise Conflict({"player": f"{player} does not play round {found.round} (withdrawn or joining later)"})
    if reg.bye_requests.filter(round_number=found.round).exists():
        raise Conflict({"round": f"{player} asked for a bye in round {found.round}: no check-in needed"})
    entry, _ = CheckIn.objects.get_or_create(registration=reg, round_number=found.round)
    return entry


@transaction.atomic
def check_out(event: Event, player, now: datetime | None = None) -> int:
    """Take back the check-in for the next round (before it is paired); the round it was for."""
    reg = _registration(event, player)
    found = window(event, now)
    if not found.is_open:
        raise Conflict({"round": found.why_closed})
    CheckIn.objects.filter(registration=reg, round_number=found.round).delete()
    return found.round


def checked_in(event: Event, number: int) -> set[int]:
    """The players checked in for round ``number``."""
    return set(
        CheckIn.objects.filter(registration__event=event, round_number=number).values_list("registration__player_id", flat=True)
    )


def not_checked_in(event: Event, number: int) -> set[int]:
    """Players who would play round ``number`` but have not checked in (empty unless the event needs check-in)."""
    if not event.check_in_required:
        return set()
    here = checked_in(event, number)
    regs = Registration.objects.filter(event=event)
    return {r.player_id for r in regs if plays(r, number) and r.player_id not in here}


def left_out(rnd: Round) -> list[str]:
    """The names of the players of ``rnd`` left out because they had not checked in (and not put back since)."""
    if not rnd.event.check_in_required:
        return []
    seated = set(rnd.games.values_list("white_id", flat=True)) | set(rnd.games.values_list("black_id", flat=True))
    seated |= set(rnd.byes.values_list("player_id", flat=True))
    missing = not_checked_in(rnd.event, rnd.number) - seated
    regs = Registration.objects.filter(event=rnd.event, player_id__in=missing).select_related("player")
    return sorted(r.player.name for r in regs)
