"""Play on a paired board (:class:`tournaments.models.Game`): the log of moves as received and the players' result
reports. The board row itself, with its live state, belongs to the tournaments app (docs/architecture.md)."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Move(models.Model):
    """One move (or, in Parity Chess, one sealed move) as it was received, for audit and idempotent retries."""

    game = models.ForeignKey("tournaments.Game", on_delete=models.CASCADE, related_name="move_log")
    ply = models.PositiveIntegerField()
    army = models.CharField(max_length=5)
    seat = models.CharField(max_length=5)
    notation = models.CharField(max_length=40)
    client_id = models.CharField(max_length=64, blank=True)
    sealed = models.BooleanField(default=False)
    played_at = models.DateTimeField(auto_now_add=True)
    clock_after = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["game", "ply"]
        constraints = [
            models.UniqueConstraint(fields=["game", "client_id"], condition=~models.Q(client_id=""), name="unique_client_move")
        ]


class ResultReport(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Awaiting the opponent"
        CONFIRMED = "confirmed", "Confirmed"
        DISPUTED = "disputed", "Disputed"
        RESOLVED = "resolved", "Resolved by an arbiter"
        SUPERSEDED = "superseded", "Superseded"

    game = models.ForeignKey("tournaments.Game", on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    outcome = models.CharField(max_length=12)  # white_wins, black_wins, draw
    termination = models.CharField(max_length=32)
    position = models.CharField(max_length=300, blank=True)
    white_points = models.DecimalField(max_digits=6, decimal_places=2)
    black_points = models.DecimalField(max_digits=6, decimal_places=2)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    responder = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    comment = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]
