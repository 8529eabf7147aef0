"""E-mail: written in full with the change it tells of, sent by a task, tried again until the server takes it.

:func:`queue_mail` renders a mail's subject, plain-text and HTML parts from ``templates/mail/`` and records it as
an :class:`outbox.models.Mail` row in the caller's transaction, with the task that sends it (recorded in the
outbox, so a broker that is down delays it too). :func:`deliver` sends one mail through Django's e-mail backend
(settings.EMAIL_URL) and marks it sent; a server that refuses or does not answer leaves it waiting, with the
error and a later time to try again, and the periodic ``outbox.send_waiting_mail`` (beat) sends what waits. A
mail is marked sent in the transaction that holds its row, so two senders never both send it.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from functools import partial

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.db.models import Q
from django.template.loader import render_to_string
from django.utils import timezone

from config.celery import app
from outbox.models import Mail
from outbox.sender import enqueue

log = logging.getLogger(__name__)

SEND_TASK = "outbox.send_mail"  # outbox.tasks registers the task under this name
FIRST_RETRY = timedelta(seconds=30)
LAST_RETRY = timedelta(minutes=15)  # the longest wait between two attempts while the server stays down


def render(template: str, context: dict) -> tuple[str, str, str]:
    """(subject, text, html) of ``templates/mail/<template>_subject.txt``, ``.txt`` and ``.html``."""
    context = {"site_url": settings.SITE_URL, **context}
    subject = " ".join(render_to_string(f"mail/{template}_subject.txt", context).split())
    text = render_to_string(f"mail/{template}.txt", context)
    html = render_to_string(f"mail/{template}.html", context)
    return subject[:300], text, html


def queue_mail(to: str, template: str, context: dict, *, kind: str) -> Mail:
    """Record a mail to ``to`` from ``template`` (call it inside the transaction of the change it tells of); it is
    sent after the commit. Without a broker (development, tests) it is sent in this process after the commit."""
    subject, text, html = render(template, context)
    mail = Mail.objects.create(to=to, subject=subject, text=text, html=html, kind=kind)
    if app.conf.task_always_eager:
        transaction.on_commit(partial(_deliver_quietly, mail.pk))
    else:
        enqueue(SEND_TASK, [mail.pk], key=f"mail:{mail.pk}", target=f"{kind} mail to {to}"[:200])
    return mail


def _deliver_quietly(pk: int) -> None:
    try:
        deliver(pk)
    except Exception:  # the change is committed; the mail waits for the next attempt
        log.exception("mail %s: not sent", pk)


def _retry_after(attempts: int) -> timedelta:
    return min(FIRST_RETRY * 2 ** max(attempts - 1, 0), LAST_RETRY)


def deliver(pk: int, now: datetime | None = None) -> str:
    """Send mail ``pk`` unless it was sent or is not due yet: "sent", "done" (sent before), "later" or "failed"."""
    now = now or timezone.now()
    with transaction.atomic():
        mail = Mail.objects.select_for_update().filter(pk=pk).first()
        if mail is None or mail.sent_at is not None:
            return "done"
        if mail.next_attempt_at is not None and mail.next_attempt_at > now:
            return "later"
        mail.attempts += 1
        message = EmailMultiAlternatives(mail.subject, mail.text, settings.DEFAULT_FROM_EMAIL, [mail.to])
        message.attach_alternative(mail.html, "text/html")
        try:
            message.send()
        except Exception as exc:  # smtplib and socket errors of every kind: the row keeps the reason
            mail.error = f"attempt {mail.attempts}: {exc.__class__.__name__}: {exc}"[:2000]
            mail.next_attempt_at = now + _retry_after(mail.attempts)
            mail.save(update_fields=["attempts", "error", "next_attempt_at"])
            log.warning("mail %s to %s not sent: %s", pk, mail.to, mail.error)
            return "failed"
        mail.sent_at, mail.error = timezone.now(), ""
        mail.save(update_fields=["attempts", "error", "sent_at"])
    return "sent"


def waiting(now: datetime | None = None):
    """The mails not sent yet that may be tried now, oldest first."""
    now = now or timezone.now()
    due = Q(next_attempt_at__isnull=True) | Q(next_attempt_at__lte=now)
    return Mail.objects.filter(due, sent_at__isnull=True).order_by("created_at", "id")


def deliver_waiting(limit: int = 200, now: datetime | None = None) -> int:
    """Send the waiting mails that are due (the periodic sender); stops at the first failure, since the server
    that refused one would refuse the rest. Returns how many were sent."""
    sent = 0
    for pk in list(waiting(now).values_list("pk", flat=True)[:limit]):
        outcome = deliver(pk, now)
        if outcome == "failed":
            break
        sent += outcome == "sent"
    return sent
