"""Publishing an event's standings snapshot after results change.

Recorded in the outbox (``outbox.sender.enqueue``): with the broker down the result is still saved, and the
recompute is sent once the broker is back. Debounce: the recompute runs ``DEBOUNCE_SECONDS`` after the first
result of a burst; results recorded before it starts join it (the outbox key ``standings:<event>``), since they
are committed when it reads. A later result records another run (harmless: the task is idempotent).
The task locks the snapshot row, computes from the database and replaces ``data`` in one transaction, so readers
never see a half-written snapshot and two runs never interleave.

Nothing here is called by the services: a final result reaches :func:`queue_publish_standings` through the hook
(``tournaments.receivers``), and a new snapshot is announced on the hook too (``standings-updated``), where the
page warming hangs (docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import timedelta

from celery import shared_task
from django.db import transaction
from django.utils import timezone

from outbox.sender import enqueue
from tournaments.signals import STANDINGS_UPDATED, send_change

DEBOUNCE_SECONDS = 2.0

# The events whose recompute is held by one_snapshot_per_event in this context (thread, task); None: none is held.
_held: ContextVar[set[int] | None] = ContextVar("standings_held", default=None)


@contextmanager
def one_snapshot_per_event() -> Iterator[set[int]]:
    """Hold the recompute of the results recorded inside: none per result, and on leaving without an error one per
    event they touched (and per event id the caller adds to the yielded set). For many results written at once
    (a simulation, the demo): without a broker each result would recompute the whole table in its transaction.
    Held per context (a ContextVar), so another thread's or request's results are never held with them."""
    held: set[int] = set()
    token = _held.set(held)
    try:
        yield held
    finally:
        _held.reset(token)
    for event_id in sorted(held):
        queue_publish_standings(event_id)


def queue_publish_standings(event_id: int) -> None:
    """Queue a recompute of ``event_id``'s snapshot unless one is already queued. Call it in the transaction of
    the change: the outbox row commits (or rolls back) with it, so no committed result is ever left unpublished."""
    from config.celery import app

    held = _held.get()
    if held is not None:
        held.add(event_id)
        return
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
        send_change(STANDINGS_UPDATED, event=event)  # the pages are warmed on it (tournaments.receivers)
    return snapshot.results_version
