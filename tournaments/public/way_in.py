"""What the event page offers the person looking (issue 23): register, check in, request a bye, withdraw, each
only where it applies; and their registration's standing."""

from __future__ import annotations

from django.utils import timezone

from tournaments.models import Event, Registration, Round, SignUp
from tournaments.services.check_in import checked_in, window
from tournaments.services.history import plays, rounds_total
from tournaments.services.self_registration import closed_because
from tournaments.services.waiting_list import position


def _bye_rounds(event: Event, reg: Registration) -> list[int]:
    """Rounds the player may still ask a bye for (not paired, not asked, within the event's limit)."""
    asked = set(reg.bye_requests.values_list("round_number", flat=True))
    if len(asked) >= event.max_requested_byes:
        return []
    paired = set(Round.objects.filter(event=event).exclude(status=Round.Status.PENDING).values_list("number", flat=True))
    return [n for n in range(1, rounds_total(event) + 1) if n not in paired and n not in asked and plays(reg, n)]


def actions_for(event: Event, user) -> dict:
    """{register, sign_up, sign_up_position, registration, check_in, checked_in, bye_rounds, byes, withdraw}."""
    now = timezone.now()
    found = {"register": not closed_because(event, now), "closed_because": closed_because(event, now)}
    if user is None or not user.is_authenticated:
        return found
    sign_up = SignUp.objects.filter(event=event, user=user).exclude(status=SignUp.Status.WITHDRAWN).first()
    reg = Registration.objects.filter(event=event, player__user=user).first()
    found.update(register=found["register"] and sign_up is None and reg is None, sign_up=sign_up)
    if sign_up is not None and sign_up.status == SignUp.Status.WAITING:
        found["sign_up_position"] = position(sign_up)
    if reg is None or reg.status != Registration.Status.ACTIVE or event.status == Event.Status.CLOSED:
        found["registration"] = reg
        return found
    slot = window(event, now)
    found.update(
        registration=reg,
        check_in=slot if event.check_in_required and slot.round <= rounds_total(event) else None,
        checked_in=reg.player_id in checked_in(event, slot.round),
        bye_rounds=_bye_rounds(event, reg),
        byes=sorted(reg.bye_requests.values_list("round_number", flat=True)),
        withdraw=True,
    )
    return found
