"""What became of each outbox task on the workers, kept on its row from Celery's task signals.

A task that returns ``{"ok": False, "error": reason}`` declined its work (stale or invalid input: a round that is
not the next one, say) and is shown as refused with that reason; an exception is a failure with its type and
message; a retry is shown as such. Tasks that did not come through the outbox have no row and are left alone,
and so are eager runs (development and tests: the caller sees the outcome at once). Bookkeeping must never fail
a task: a database error here is logged and the task goes on.
"""

from __future__ import annotations

import json
import logging
import traceback

from celery import signals
from django.db.models import F
from django.db.models.functions import Coalesce
from django.utils import timezone

from outbox.models import Task

log = logging.getLogger(__name__)
State = Task.State


def _rows(task_id):
    return Task.objects.filter(task_id=str(task_id))


def _jsonable(value):
    return json.loads(json.dumps(value, default=str))


def _record(task_id, **fields) -> None:
    try:
        _rows(task_id).update(**fields)
    except Exception as exc:  # a task must not fail because its bookkeeping could not be written
        log.warning("outbox: could not record %s of task %s: %s", fields.get("state"), task_id, exc)


def _eager(task) -> bool:
    return bool(getattr(task.request, "is_eager", False))


def on_started(sender=None, task_id=None, task=None, **_) -> None:
    if task is None or _eager(task):
        return
    now = timezone.now()
    _record(
        task_id,
        state=State.STARTED,
        runs=F("runs") + 1,
        started_at=now,
        sent_at=Coalesce("sent_at", now),  # a worker faster than the sender's own bookkeeping
        worker=str(getattr(task.request, "hostname", "") or "")[:200],
    )


def on_finished(sender=None, task_id=None, task=None, retval=None, state=None, **_) -> None:
    if task is None or _eager(task) or state != "SUCCESS":
        return  # failures and retries have their own signals
    refused = isinstance(retval, dict) and retval.get("ok") is False
    error = str(retval.get("error", "refused")) if refused else ""
    state = State.REFUSED if refused else State.SUCCEEDED
    _record(task_id, state=state, result=_jsonable(retval), error=error, finished_at=timezone.now())


def on_failure(sender=None, task_id=None, exception=None, einfo=None, **_) -> None:
    if sender is not None and _eager(sender):
        return
    tail = "".join(traceback.format_exception(exception)[-3:]) if exception is not None else ""
    error = f"{exception.__class__.__name__}: {exception}\n{tail}"[:4000]
    _record(task_id, state=State.FAILED, error=error, finished_at=timezone.now())


def on_retry(sender=None, request=None, reason=None, **_) -> None:
    if request is None or getattr(request, "is_eager", False):
        return
    _record(request.id, state=State.RETRYING, error=f"will retry: {reason}"[:4000])


def connect() -> None:
    """Connect the handlers (weak=False: they are module functions, kept anyway; dispatch_uid: once only)."""
    signals.task_prerun.connect(on_started, weak=False, dispatch_uid="outbox.runs.started")
    signals.task_postrun.connect(on_finished, weak=False, dispatch_uid="outbox.runs.finished")
    signals.task_failure.connect(on_failure, weak=False, dispatch_uid="outbox.runs.failure")
    signals.task_retry.connect(on_retry, weak=False, dispatch_uid="outbox.runs.retry")
