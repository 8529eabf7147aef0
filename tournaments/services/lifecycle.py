"""An event's life cycle around its rounds: announcing a draft, late entry with byes for the missed rounds, and
the start time of each round."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction

import tournaments.services.audit as log
from scoring import bye_points
from tournaments.models import Bye, Event, Player, Registration, Round
from tournaments.services.errors import Conflict
from tournaments.services.events import prepare_event, register_player
from tournaments.services.locking import lock_round

# What a late entrant scores in the rounds played before they joined: a half-point or a zero-point bye.
MISSED_ROUND_BYES = (Bye.Kind.REQUESTED, Bye.Kind.ABSENT)


@transaction.atomic
def announce_event(event: Event, *, by=None) -> Event:
    """Make a draft event public (idempotent for an event already announced or running)."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status == Event.Status.CLOSED:
        raise Conflict({"status": f"{event} is closed"})
    if event.status != Event.Status.DRAFT:
        return event
    prepare_event(event)  # top up the block commitments (a round-robin's rounds follow its players)
    paired = event.rounds.exclude(status=Round.Status.PENDING).exists()  # a planned start is not a round played
    event.status = Event.Status.RUNNING if paired else Event.Status.ANNOUNCED
    event.save(update_fields=["status"])
    log.audit(event, log.EVENT_ANNOUNCED, "Event announced: public from now on", by=by,
              before={"status": "draft"}, after={"status": event.status})  # fmt: skip
    return event


@transaction.atomic
def late_entry(event: Event, player: Player, *, missed_bye: str = Bye.Kind.ABSENT, by=None) -> Registration:
    """Register ``player`` after rounds were paired: they join with the next round and get a ``missed_bye``
    (half-point "requested" or zero-point "absent") in each round before it."""
    if missed_bye not in MISSED_ROUND_BYES:
        choices = ", ".join(str(kind) for kind in MISSED_ROUND_BYES)
        raise ValidationError({"missed_bye": f"a missed round is a {choices} bye, not {missed_bye!r}"})
    reg = register_player(event, player, by=by)
    points = Decimal(str(bye_points(event.scoring, missed_bye)))
    missed = list(Round.objects.filter(event=event, number__lt=reg.joined_round).order_by("number"))
    for rnd in missed:
        Bye.objects.get_or_create(round=rnd, player=player, defaults={"kind": missed_bye, "points": points})
    if missed:
        kind = Bye.Kind(missed_bye).label.lower()
        text = f"{player}: {kind} in round(s) {', '.join(str(r.number) for r in missed)} missed before joining"
        log.audit(event, log.LATE_ENTRY, text, by=by, after={"player": player.name, "missed_bye": missed_bye,
                                                             "rounds": [r.number for r in missed]})  # fmt: skip
    return reg


@transaction.atomic
def schedule_round(rnd: Round, starts_at: datetime | None, *, by=None) -> Round:
    """Set (or clear) when round ``rnd`` starts; shown on the public pages."""
    rnd = lock_round(rnd)
    before = rnd.starts_at.isoformat() if rnd.starts_at else None
    rnd.starts_at = starts_at
    rnd.save(update_fields=["starts_at"])
    after = starts_at.isoformat() if starts_at else None
    if before != after:
        text = f"Round {rnd.number} starts {after or 'at a time not yet set'}"
        before, after = {"starts_at": before}, {"starts_at": after}
        log.audit(rnd.event, log.ROUND_SCHEDULED, text, by=by, round=rnd, before=before, after=after)
    return rnd
