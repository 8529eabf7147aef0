"""What the tournaments app itself does on the hook (:data:`tournaments.signals.record_changed`).

The services only send the change (``send_change``); the follow-up work hangs here, connected in
:meth:`tournaments.apps.TournamentsConfig.ready` like the games app's receiver (docs/architecture.md, "The hook"):
a final result queues the event's standings snapshot, and a new snapshot has its pages warmed once it is committed.
So a service never imports a task or a view to get that done.
"""

from __future__ import annotations

import logging
from functools import partial

from django.db import transaction

from tournaments.models import Event
from tournaments.signals import RESULT_FINAL, STANDINGS_UPDATED, TIEBREAKS_CHANGED
from tournaments.tasks.standings import queue_publish_standings
from tournaments.views_public import warm_tables

log = logging.getLogger(__name__)


def recompute_standings(sender: type, change: str, event: Event | None = None, **kwargs: object) -> None:
    """A result became final (or the tie-breaks that rank the event changed): queue the event's standings snapshot
    in the change's own transaction (the outbox row commits or rolls back with the change, so no committed result
    is left unpublished)."""
    if change in (RESULT_FINAL, TIEBREAKS_CHANGED) and event is not None:
        queue_publish_standings(event.pk)


def warm_pages(sender: type, change: str, event: Event | None = None, **kwargs: object) -> None:
    """A new standings snapshot: once it is committed, render its standings and crosstable into the page cache,
    so that their first reader does not wait (before the commit a reader would still see the old version)."""
    if change == STANDINGS_UPDATED and event is not None:
        transaction.on_commit(partial(_warm, event))


def _warm(event: Event) -> None:
    try:
        warm_tables(event)
    except Exception:  # the pages are only not prepared: their first reader builds them
        log.exception("event %s: the standings pages could not be prepared", event.pk)
