"""The rating lists follow the record in a task (``ratings.sync``), queued when a rated round's results are final.

Recorded in the outbox like the standings (``outbox.sender.enqueue``): with the broker down the result is still
saved and the ratings follow once it is back; a burst of results shares one run (the key ``ratings``). The task is
idempotent (ratings.ledger): a second run finds nothing to do. Without a broker (development, tests) it runs at once
in the change's transaction, inside a savepoint, so a failure there never undoes the result that asked for it.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task
from django.db import transaction
from django.utils import timezone

from outbox.sender import enqueue

log = logging.getLogger(__name__)
DEBOUNCE_SECONDS = 2.0


def queue_sync() -> None:
    """Bring the rating lists up to date after this change commits (eager: now)."""
    from config.celery import app
    from ratings import ledger

    if app.conf.task_always_eager:
        try:
            with transaction.atomic():
                ledger.sync()
        except Exception:  # the lists are only late: the next change, or recompute_ratings, brings them up to date
            log.exception("the rating lists could not follow the record")
        return
    due = timezone.now() + timedelta(seconds=DEBOUNCE_SECONDS)
    enqueue(sync_ratings.name, [], key="ratings", due=due, target="the rating lists")


@shared_task(name="ratings.sync", autoretry_for=(Exception,), retry_backoff=True, max_retries=5)
def sync_ratings() -> int:
    """Apply the rated periods the lists do not hold yet; returns how many were (re)applied."""
    from ratings import ledger

    return ledger.sync()
