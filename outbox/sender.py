"""Recording follow-up work (:func:`enqueue`) and sending it to the broker (:func:`send`, :func:`send_due`).

Sending is at least once: a sender claims a row before publishing, so two senders (the commit hook of the web
process and the periodic ``outbox.send_due``) never both send it; a sender that dies between the publish and
marking the row sent leaves a claim that expires, and the row is sent again. Every task we queue is safe to
run twice (the tasks say why), and they all carry the row's ``task_id``, so a redelivery is the same task.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime, timedelta
from functools import partial

from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone

from config.celery import app
from outbox.models import Task

log = logging.getLogger(__name__)

# Tasks due within this are sent at once with their due time (eta); later ones wait in the table. Well under the
# broker's visibility timeout (config.celery), and well over the period of outbox.send_due.
HORIZON = timedelta(seconds=30)
CLAIM = timedelta(seconds=30)  # how long a sender may take to publish before another may try
# The web request that recorded the task waits for at most this many attempts to reach the broker.
SEND_RETRY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}
KEEP = timedelta(days=14)  # finished tasks are shown this long, then deleted
WAITING, SENT = Task.State.WAITING, Task.State.SENT


def enqueue(
    name: str,
    args: Sequence = (),
    kwargs: dict | None = None,
    *,
    key: str = "",
    due: datetime | None = None,
    target: str = "",
    requested_by=None,
) -> Task:
    """Record task ``name`` to run with ``args`` not before ``due``; it is sent after the caller's commit.

    With a ``key``, a task of that key that has not started yet and is due no later covers this request (a
    burst of results shares one standings recompute; a game keeps one flag check): it is returned instead, made
    due earlier if it is still waiting. Call it inside the transaction of the write that needs the task, or
    after its commit; never instead of the write.
    """
    with transaction.atomic():
        task = _covering(key, due) if key else None
        if task is None:
            task = _create(name, list(args), kwargs or {}, key, due, target, requested_by)
    transaction.on_commit(partial(send, task.pk))
    return task


def _covering(key: str, due: datetime | None) -> Task | None:
    """The task of ``key`` that will run after this commit and no later than ``due``, or None."""
    now = timezone.now()
    wanted = due or now
    for task in Task.objects.select_for_update().filter(key=key, state__in=(WAITING, SENT)).order_by("due"):
        if task.state == SENT and (task.due is None or task.due <= now):
            continue  # it may be running already, before this write committed: it does not cover it
        if task.due is None or task.due <= wanted:
            return task
        if task.state == WAITING:
            Task.objects.filter(pk=task.pk, state=WAITING).update(due=due)
            task.due = due
            return task
    return None


def _create(name, args, kwargs, key, due, target, requested_by) -> Task:
    fields = {"name": name, "args": args, "kwargs": kwargs, "key": key, "due": due, "target": target[:200]}
    try:
        with transaction.atomic():
            return Task.objects.create(requested_by=requested_by, **fields)
    except IntegrityError:
        # Another request recorded the waiting task of this key at the same moment: join it.
        return Task.objects.get(key=key, state=WAITING)


def _claim(pk: int, now: datetime) -> bool:
    free = Q(claimed_until__isnull=True) | Q(claimed_until__lt=now)
    due_soon = Q(due__isnull=True) | Q(due__lte=now + HORIZON)
    claimed = Task.objects.filter(free, due_soon, pk=pk, state=WAITING).update(
        claimed_until=now + CLAIM, send_attempts=F("send_attempts") + 1
    )
    return claimed == 1


def publish(task: Task, now: datetime) -> None:
    """Hand ``task`` to the broker (a name: tests replace it to play a broker that is down)."""
    eta = task.due if task.due is not None and task.due > now else None
    app.send_task(
        task.name,
        args=task.args,
        kwargs=task.kwargs,
        task_id=str(task.task_id),
        eta=eta,
        ignore_result=True,  # the row keeps the outcome (outbox.runs); the result backend need not be up
        retry_policy=SEND_RETRY,
    )


def send(pk: int) -> bool:
    """Send the waiting task ``pk`` if it is due soon and no other sender holds it; True if this call sent it.

    A broker that does not answer leaves the task waiting with the error on its row, for the next attempt."""
    return _send(pk) == "sent"


def _send(pk: int) -> str:
    """ "sent", "skipped" (not waiting, not due soon, or claimed by another sender) or "failed" (no broker)."""
    now = timezone.now()
    if not _claim(pk, now):
        return "skipped"
    task = Task.objects.get(pk=pk)
    try:
        publish(task, now)
    except Exception as exc:  # kombu and redis raise many kinds of connection errors; the row keeps the reason
        reason = f"not sent (attempt {task.send_attempts}): {exc.__class__.__name__}: {exc}"[:2000]
        Task.objects.filter(pk=pk).update(claimed_until=None, error=reason)
        log.warning("outbox: %s %s %s", task.name, task.target, reason)
        return "failed"
    sent = timezone.now()
    Task.objects.filter(pk=pk, sent_at__isnull=True).update(sent_at=sent)
    # A fast worker may have started it already (outbox.runs): only a row still waiting becomes "sent".
    Task.objects.filter(pk=pk, state=WAITING).update(state=SENT, claimed_until=None, error="")
    return "sent"


def send_due(limit: int = 500) -> int:
    """Send every waiting task due soon (the periodic sender); returns how many were sent. Also forgets tasks
    that finished more than :data:`KEEP` ago."""
    now = timezone.now()
    free = Q(claimed_until__isnull=True) | Q(claimed_until__lt=now)
    due_soon = Q(due__isnull=True) | Q(due__lte=now + HORIZON)
    waiting = Task.objects.filter(free, due_soon, state=WAITING).order_by("due", "id").values_list("pk", flat=True)
    sent = 0
    for pk in list(waiting[:limit]):
        outcome = _send(pk)
        if outcome == "failed":
            break  # the broker did not answer: the rest would not get through either; the next run tries again
        sent += outcome == "sent"
    Task.objects.filter(finished_at__lt=now - KEEP).delete()
    return sent
