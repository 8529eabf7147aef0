"""The periodic sender: every few seconds (beat, config.celery) send what is waiting and due soon."""

from __future__ import annotations

from celery import shared_task

from outbox.sender import send_due


@shared_task(name="outbox.send_due", ignore_result=True)
def send_due_tasks(limit: int = 500) -> int:
    """Send waiting outbox tasks due soon (the broker was down, or they were due later); returns how many."""
    return send_due(limit)
