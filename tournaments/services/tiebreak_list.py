"""The event's tie-break list and C.07 edition, chosen by its organizer from the catalogue (docs/rules/tiebreaks.md)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

import tournaments.services.audit as log
from scoring.tiebreak_codes import EDITIONS, parse_tiebreaks
from tournaments.models import Event
from tournaments.signals import TIEBREAKS_CHANGED, send_change


@transaction.atomic
def set_tiebreaks(event: Event, *, tiebreaks: list[str] | None = None, edition: str | None = None, by=None) -> Event:
    """Set the codes (C.07 / TRF-2026 spelling, in order) and the edition ("2024", "2026", or "" for the one in
    force on the event's first day); an unknown code or edition is refused naming it. The standings follow."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    before = {"tiebreaks": event.tiebreaks, "tiebreak_edition": event.tiebreak_edition}
    if tiebreaks is not None:
        try:
            event.tiebreaks = ",".join(parse_tiebreaks(tiebreaks))
        except ValueError as exc:
            raise ValidationError({"tiebreaks": str(exc)}) from None
    if edition is not None:
        if edition not in ("", *EDITIONS):
            raise ValidationError({"tiebreak_edition": f"unknown C.07 edition {edition!r}; choose from {', '.join(EDITIONS)}"})
        event.tiebreak_edition = edition
    after = {"tiebreaks": event.tiebreaks, "tiebreak_edition": event.tiebreak_edition}
    if after == before:
        return event
    event.save(update_fields=["tiebreaks", "tiebreak_edition"])
    text = f"Tie-breaks {event.tiebreaks or '(none)'}, C.07 of {event.tiebreak_edition or 'the start date'}"
    log.audit(event, log.TIEBREAKS_SET, text, by=by, before=before, after=after)
    send_change(TIEBREAKS_CHANGED, event=event, by=by)
    return event
