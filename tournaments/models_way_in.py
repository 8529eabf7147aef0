"""The models of a player's way in (issue 23): a visitor's registration and a player's check-in for a round.

Imported by :mod:`tournaments.models`, whose app they belong to.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class SignUp(models.Model):
    """A person's own registration for an event open to registration: pending until the e-mail is confirmed (and,
    under approval, the director approves), then active (it made a Registration) or waiting for a place."""

    class Status(models.TextChoices):
        PENDING = "pending", "Pending (e-mail to confirm, or the director's approval)"
        WAITING = "waiting", "On the waiting list"
        ACTIVE = "active", "Registered"
        REFUSED = "refused", "Refused"
        WITHDRAWN = "withdrawn", "Withdrawn"

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="sign_ups")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sign_ups")
    player = models.ForeignKey("tournaments.Player", on_delete=models.PROTECT, related_name="sign_ups")
    name = models.CharField(max_length=200)
    rating = models.PositiveSmallIntegerField(default=0)
    federation = models.CharField(max_length=3, blank=True)
    fide_id = models.CharField(max_length=12, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    email_confirmed_at = models.DateTimeField(null=True, blank=True)
    approved_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    waiting_since = models.DateTimeField(null=True, blank=True, help_text="Its place on the waiting list.")
    registration = models.OneToOneField(
        "tournaments.Registration", null=True, blank=True, on_delete=models.SET_NULL, related_name="sign_up"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "created_at", "id"]
        constraints = [models.UniqueConstraint(fields=["event", "player"], name="unique_sign_up")]

    def __str__(self) -> str:
        return f"{self.name} for {self.event} ({self.status})"


class CheckIn(models.Model):
    """A player is here for a round (events with ``check_in_required``)."""

    registration = models.ForeignKey("tournaments.Registration", on_delete=models.CASCADE, related_name="check_ins")
    round_number = models.PositiveSmallIntegerField()
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["registration", "round_number"], name="unique_check_in")]
