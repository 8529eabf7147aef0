"""Heartbeats of beat and of the workers, read by /healthz (config.health).

Beat sends the ``config.heartbeat`` task every :data:`INTERVAL` seconds (config.celery's schedule). Sending it is
beat's tick: the publishing process notes the time (:func:`note_sent`, on Celery's ``after_task_publish`` signal,
which only beat sends for this task); running it is a worker's: the worker notes the time and its name
(:func:`note_ran`). So, whether or not other tasks wait:

* beat is down when it sent no heartbeat for :data:`BEAT_LATE` (it ticks every INTERVAL: two ticks missed);
* a worker is down when a heartbeat sent after the last one run has waited over :data:`WORKER_LATE`: no worker
  consumes the queue (all dead, or all stuck for that long). With beat down nothing is sent, so nothing tells
  whether a worker runs: the worker's state is then ``unknown``.

A heartbeat that waited in a queue nobody consumed expires (``expires`` in the schedule): a worker that comes back
does not run a backlog of them. The times live in the database (a cache table of its own that accounts' migration
creates, alias ``heartbeats``): every process of the deployment shares it, and a Redis restart forgets nothing.
They are compared across processes, so the machines' clocks must agree within a few seconds (NTP).
"""

from __future__ import annotations

import logging
import time

INTERVAL = 10.0  # seconds between two heartbeats sent by beat (config.celery's schedule)

log = logging.getLogger(__name__)

TASK = "config.heartbeat"
BEAT_LATE = 2.5 * INTERVAL  # beat names itself down after this long without a heartbeat sent (two ticks and a margin)
WORKER_LATE = 1.5 * INTERVAL  # a heartbeat sent and not run for this long: no worker consumes the queue
SENT, FIRST_UNRUN, RAN, RAN_BY = "sent", "first-unrun", "ran", "ran-by"
KEEP = 7 * 24 * 3600  # seconds the times are kept (a deployment stopped for a week starts afresh)


def _store():
    from django.core.cache import caches  # when asked: config.celery imports this module before Django is set up

    return caches["heartbeats"]


def note_sent(at: float | None = None) -> None:
    """Beat has sent a heartbeat (at ``at``, default now)."""
    at = time.time() if at is None else at
    store = _store()
    store.set(SENT, at, KEEP)
    store.add(FIRST_UNRUN, at, KEEP)  # kept until a worker runs one: the oldest heartbeat waiting


def note_ran(hostname: str, at: float | None = None) -> None:
    """A worker (``hostname``) has run a heartbeat."""
    at = time.time() if at is None else at
    store = _store()
    store.set_many({RAN: at, RAN_BY: hostname}, KEEP)
    store.delete(FIRST_UNRUN)


def _ago(stamp: float | None, now: float) -> str:
    return "never" if stamp is None else f"{max(0, round(now - stamp))} s ago"


def states(now: float | None = None) -> tuple[str, str]:
    """(beat, worker): ``ok``, ``down: <why>`` or ``unknown: <why>``."""
    now = time.time() if now is None else now
    found = _store().get_many([SENT, FIRST_UNRUN, RAN, RAN_BY])
    sent, waiting, ran = found.get(SENT), found.get(FIRST_UNRUN), found.get(RAN)
    if sent is None:
        beat = "down: beat has sent no heartbeat yet (is beat running?)"
    elif now - sent > BEAT_LATE:
        beat = f"down: beat sent its last heartbeat {_ago(sent, now)} (beat not running, or the broker down?)"
    else:
        beat = "ok"
    if waiting is not None and now - waiting > WORKER_LATE:
        worker = f"down: a heartbeat sent {_ago(waiting, now)} was not run; last run {_ago(ran, now)} (no worker running?)"
    elif beat != "ok" and (ran is None or now - ran > BEAT_LATE):
        worker = f"unknown: beat sends no heartbeat to run; last run {_ago(ran, now)}"
    else:
        worker = "ok"
    return beat, worker
