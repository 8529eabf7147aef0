"""The periodic sender: every few seconds (beat, config.celery) send what is waiting and due soon."""

from __future__ import annotations

from celery import shared_task

from outbox.sender import send_due


@shared_task(name="outbox.send_due", ignore_result=True)
def send_due_tasks(limit: int = 500) -> int:
    """Send waiting outbox tasks due soon (the broker was down, or they were due later); returns how many."""
    return send_due(limit)


@shared_task(name="outbox.send_mail", ignore_result=True, acks_late=True)
def send_mail(mail_id: int) -> dict:
    """Send one recorded mail (outbox.mail); a mail server that is down leaves it for ``outbox.send_waiting_mail``."""
    from outbox.mail import deliver

    outcome = deliver(mail_id)
    if outcome == "failed":
        return {"ok": False, "error": "the mail server did not take it: it waits and is tried again"}
    return {"ok": True, "outcome": outcome}


@shared_task(name="outbox.send_waiting_mail", ignore_result=True)
def send_waiting_mail(limit: int = 200) -> int:
    """Send the mails still waiting (a mail server that was down); returns how many were sent."""
    from outbox.mail import deliver_waiting

    return deliver_waiting(limit)
