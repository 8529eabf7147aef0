"""Pairing and publishing a round in the background.

The task names its round: it pairs exactly that round, which must be the next one and not paired yet, so a stale
task (queued twice, redelivered after it finished, overtaken by the director) refuses instead of pairing a round
nobody asked for. Pairing and publishing are one transaction: a worker killed half-way leaves nothing written,
and the task, acknowledged late, is delivered again (config.celery) and does the whole. Refusals (a stale or
out-of-turn round, an unfinished previous round, no pairing possible) are returned as ``{"ok": False, "error"}``,
logged and shown with the task in the admin (outbox), never retried.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.core.exceptions import ValidationError
from django.db import OperationalError, transaction

log = logging.getLogger(__name__)


@shared_task(
    name="tournaments.pair_round",
    autoretry_for=(ConnectionError, OperationalError),  # the database restarting: the transaction was rolled back
    retry_backoff=True,
    max_retries=5,
    acks_late=True,
    reject_on_worker_lost=True,
)
def pair_and_publish_round(event_id: int, round_number: int, publish: bool = True, user_id: int | None = None) -> dict:
    """Pair round ``round_number`` of ``event_id`` and, with ``publish``, publish it, all or nothing."""
    from django.contrib.auth import get_user_model

    from tournaments.models import Event, Round
    from tournaments.services import pair_round, publish_round

    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return {"ok": False, "error": f"no event {event_id}"}
    user = get_user_model().objects.filter(pk=user_id).first() if user_id else None
    from tournaments.services import is_arbiter

    if user is not None and not is_arbiter(user, event):  # the admin checks too; a queued task must not trust it
        return {"ok": False, "error": f"{user} is not an arbiter of {event}"}
    if not isinstance(round_number, int) or isinstance(round_number, bool) or round_number < 1:
        return {"ok": False, "error": f"name the round to pair (a number from 1), not {round_number!r}"}
    try:
        with transaction.atomic():
            Event.objects.select_for_update().get(pk=event.pk)  # two tasks for one event: one at a time
            done = Round.objects.filter(event=event, number=round_number).exclude(status=Round.Status.PENDING).first()
            if done is not None:
                raise ValidationError({"round": f"round {round_number} is already {done.get_status_display().lower()}"})
            rnd = pair_round(event, round_number, by=user)
            if publish:
                rnd = publish_round(rnd, by=user)
    except ValidationError as exc:
        message = (
            "; ".join(m for msgs in exc.message_dict.values() for m in msgs)
            if hasattr(exc, "error_dict")
            else " ".join(exc.messages)
        )
        log.warning("pairing %s round %s refused: %s", event.slug, round_number, message)
        return {"ok": False, "error": message}
    return {"ok": True, "round": rnd.number, "status": rnd.status}
