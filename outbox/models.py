"""One row per piece of follow-up work: what to run, when, why, and what became of it."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q


class Task(models.Model):
    class State(models.TextChoices):
        WAITING = "waiting", "waiting to be sent"  # recorded; not due yet, or the broker did not answer
        SENT = "sent", "sent, not started"
        STARTED = "started", "running"
        RETRYING = "retrying", "failed, will retry"
        SUCCEEDED = "succeeded", "done"
        REFUSED = "refused", "refused"  # ran and declined the work (stale or invalid): the reason is in `error`
        FAILED = "failed", "failed"

    name = models.CharField(max_length=200, help_text="The registered Celery task name")
    args = models.JSONField(default=list, blank=True)
    kwargs = models.JSONField(default=dict, blank=True)
    key = models.CharField(max_length=200, blank=True, help_text="One waiting task per key: later requests join it")
    target = models.CharField(max_length=200, blank=True, help_text="What the task works on, for people")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    task_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    due = models.DateTimeField(null=True, blank=True, help_text="Not to run before (empty: at once)")
    state = models.CharField(max_length=10, choices=State.choices, default=State.WAITING)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    claimed_until = models.DateTimeField(null=True, blank=True)  # a sender is publishing it: others keep off
    send_attempts = models.PositiveIntegerField(default=0)
    runs = models.PositiveIntegerField(default=0, help_text="Times a worker started it (more than one: redelivered)")
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True, db_index=True)
    worker = models.CharField(max_length=200, blank=True)
    result = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True, help_text="The last failure to send or to run")

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["key"], condition=Q(state="waiting") & ~Q(key=""), name="outbox_one_waiting_task_per_key"
            )
        ]
        indexes = [models.Index(fields=["state", "due"], name="outbox_state_due")]

    def __str__(self) -> str:
        return f"{self.name} {self.target or self.args}"


class Mail(models.Model):
    """One e-mail to one address, written in full when it is recorded (in the transaction of the change it tells
    of) and sent by a task (outbox.mail): a mail server that is down delays it, never loses it."""

    to = models.EmailField()
    subject = models.CharField(max_length=300)
    text = models.TextField(help_text="The plain-text part")
    html = models.TextField(help_text="The HTML part")
    kind = models.CharField(max_length=40, help_text="What it tells (accounts.notifications.KINDS)")
    created_at = models.DateTimeField(auto_now_add=True)
    next_attempt_at = models.DateTimeField(null=True, blank=True, help_text="Not to try before (after a failure)")
    attempts = models.PositiveIntegerField(default=0)
    sent_at = models.DateTimeField(null=True, blank=True, db_index=True)
    error = models.TextField(blank=True, help_text="The last failure to send")

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["sent_at", "next_attempt_at"], name="outbox_mail_waiting")]

    def __str__(self) -> str:
        return f"{self.kind} to {self.to}"
