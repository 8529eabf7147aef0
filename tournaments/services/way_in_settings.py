"""The event's way-in settings (registration, check-in, requested byes) and the planned start of its rounds
(issue 23): validated, written in one transaction, audited."""

from __future__ import annotations

from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction

import tournaments.services.audit as log
from tournaments.models import Event, Round
from tournaments.services.errors import Conflict
from tournaments.services.history import rounds_total
from tournaments.services.lifecycle import schedule_round

SETTINGS = ("registration", "registration_closes_at", "max_players", "check_in_required", "check_in_opens_minutes",
            "requested_bye_points", "max_requested_byes")  # fmt: skip
SETTINGS_CHANGED = "settings-changed"


def _plain(value):
    return value.isoformat() if isinstance(value, datetime) else (str(value) if value is not None else None)


@transaction.atomic
def update_way_in(event: Event, changes: dict, *, by=None) -> Event:
    """Set the way-in settings named in ``changes`` (keys of :data:`SETTINGS`)."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    unknown = sorted(set(changes) - set(SETTINGS))
    if unknown:
        raise ValidationError(dict.fromkeys(unknown, "not a setting of this call"))
    if event.status == Event.Status.CLOSED:
        raise Conflict({"event": f"{event} is closed"})
    before = {name: _plain(getattr(event, name)) for name in changes}
    for name, value in changes.items():
        setattr(event, name, value)
    try:
        event.full_clean(exclude=[f.name for f in Event._meta.fields if f.name not in changes])
    except ValidationError as exc:
        raise ValidationError(exc.message_dict) from None
    event.save(update_fields=list(changes))
    after = {name: _plain(getattr(event, name)) for name in changes}
    if before != after:
        text = "Settings changed: " + ", ".join(f"{name} {after[name]}" for name in after if before[name] != after[name])
        log.audit(event, SETTINGS_CHANGED, text, by=by, before=before, after=after)
    return event


@transaction.atomic
def set_schedule(event: Event, starts: list[tuple[int, datetime | None]], *, by=None) -> list[Round]:
    """Set when rounds start: planned rounds, paired or not, until each is published (all or nothing)."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    total = rounds_total(event)
    numbers = [number for number, _ in starts]
    errors: dict[str, list[str]] = {}
    for number in numbers:
        if not 1 <= number <= max(total, 1):
            errors.setdefault("number", []).append(f"{event} has rounds 1 to {total}, not {number}")
        elif numbers.count(number) > 1:
            errors.setdefault("number", []).append(f"round {number} is given twice")
    if errors:
        raise ValidationError(errors)
    published = Round.objects.filter(event=event, number__in=numbers).exclude(
        status__in=(Round.Status.PENDING, Round.Status.PAIRED)
    )
    if published.exists():
        listed = ", ".join(str(n) for n in published.order_by("number").values_list("number", flat=True))
        raise Conflict({"number": f"round(s) {listed} are published: their start is fixed"})
    done = []
    for number, starts_at in sorted(starts, key=lambda item: item[0]):
        rnd, _ = Round.objects.get_or_create(event=event, number=number)  # a round not paired yet: its start only
        done.append(schedule_round(rnd, starts_at, by=by))
    return done
