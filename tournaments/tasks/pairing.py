"""Pairing and publishing a round in the background (the admin's "pair and publish" action).

Safe to retry: pairing an already paired round returns it unchanged and publishing is idempotent, so a task
redelivered after a lost worker (acks late) cannot pair a round twice. Bad input (round not complete, no pairing
possible) is a ValidationError: it is logged and returned, never retried.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.core.exceptions import ValidationError

log = logging.getLogger(__name__)


@shared_task(name="tournaments.pair_round", autoretry_for=(ConnectionError,), retry_backoff=True, max_retries=5)
def pair_and_publish_round(
    event_id: int, round_number: int | None = None, publish: bool = True, user_id: int | None = None
) -> dict:
    """Pair round ``round_number`` (default: the next) of ``event_id`` and, with ``publish``, publish it."""
    from django.contrib.auth import get_user_model

    from tournaments.models import Event
    from tournaments.services import pair_round, publish_round

    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return {"ok": False, "error": f"no event {event_id}"}
    user = get_user_model().objects.filter(pk=user_id).first() if user_id else None
    from tournaments.services import is_arbiter

    if user is not None and not is_arbiter(user, event):  # the admin checks too; a queued task must not trust it
        return {"ok": False, "error": f"{user} is not an arbiter of {event}"}
    try:
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
