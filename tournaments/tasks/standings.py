"""Publishing an event's standings snapshot after results change.

Recorded in the outbox (``outbox.sender.enqueue``): with the broker down the result is still saved, and the
recompute is sent once the broker is back. Debounce: the recompute runs ``DEBOUNCE_SECONDS`` after the first
result of a burst; results recorded before it starts join it (the outbox key ``standings:<event>``), since they
are committed when it reads. A later result records another run (harmless: the task is idempotent).
The task locks the snapshot row, computes from the database and replaces ``data`` in one transaction, so readers
never see a half-written snapshot and two runs never interleave.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task
from django.db import transaction
from django.utils import timezone

from outbox.sender import enqueue
from tournaments.signals import STANDINGS_UPDATED, send_change

log = logging.getLogger(__name__)

DEBOUNCE_SECONDS = 2.0


def queue_publish_standings(event_id: int) -> None:
    """Queue a recompute of ``event_id``'s snapshot unless one is already queued. Call it in the transaction of
    the change: the outbox row commits (or rolls back) with it, so no committed result is ever left unpublished."""
    from config.celery import app

    if app.conf.task_always_eager:
        # Eager (development, tests): no worker to wait for; publish now, in the change's own transaction (the
        # snapshot commits or rolls back with it).
        publish_standings.delay(event_id)
        return
    due = timezone.now() + timedelta(seconds=DEBOUNCE_SECONDS)
    target = f"standings of event {event_id}"
    enqueue(publish_standings.name, [event_id], key=f"standings:{event_id}", due=due, target=target)


@shared_task(name="tournaments.publish_standings", autoretry_for=(Exception,), retry_backoff=True, max_retries=5)
def publish_standings(event_id: int) -> int | None:
    """Recompute and replace the snapshot of ``event_id``; returns the snapshot's results_version."""
    from tournaments.models import Event, StandingsSnapshot
    from tournaments.standings import event_standings

    event = Event.objects.filter(pk=event_id).first()
    if event is None:  # deleted meanwhile: nothing to publish, nothing to retry
        return None
    with transaction.atomic():
        StandingsSnapshot.objects.get_or_create(event=event)
        # Lock first, then read: a second run waits here and then sees every result committed before it.
        snapshot = StandingsSnapshot.objects.select_for_update().get(event=event)
        snapshot.data = event_standings(event)
        snapshot.results_version += 1
        snapshot.save(update_fields=["data", "results_version", "computed_at"])
        send_change(STANDINGS_UPDATED, event=event)
    _warm_pages(event)
    return snapshot.results_version


def _warm_pages(event) -> None:
    """Render the new snapshot's standings and crosstable into the page cache, so that their first reader does
    not wait for it (a failure only leaves that to the first reader)."""
    from tournaments.views_public import warm_tables

    try:
        warm_tables(event)
    except Exception:
        log.exception("event %s: the standings pages could not be prepared", event.pk)
