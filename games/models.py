"""A game is one paired board: who plays whom, the result and its reports, and the live state of play."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Game(models.Model):
    class Status(models.TextChoices):
        SCHEDULED = "scheduled", "Scheduled"
        LIVE = "live", "In play"
        FINISHED = "finished", "Finished"

    class ResultStatus(models.TextChoices):
        NONE = "", "No result"
        REPORTED = "reported", "Reported, awaiting confirmation"
        DISPUTED = "disputed", "Disputed"
        FINAL = "final", "Final"

    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="games")
    board = models.PositiveSmallIntegerField(default=1)
    white = models.ForeignKey("tournaments.Player", on_delete=models.PROTECT, related_name="white_games")
    black = models.ForeignKey("tournaments.Player", on_delete=models.PROTECT, related_name="black_games")

    # The variant and its start: the key of variants.registry and, for rvc, the block's rolls.
    variant = models.CharField(max_length=16, default="rvc")
    first_roll = models.CharField(max_length=5, blank=True)
    second_roll = models.CharField(max_length=5, blank=True)
    start_position = models.CharField(max_length=200, blank=True)

    # Result (people's result: "1-0" means the White seat — who started with White — won).
    result = models.CharField(max_length=8, blank=True)  # 1-0, 0-1, 1/2-1/2, or forfeit forms +/-, -/+, -/-
    termination = models.CharField(max_length=32, blank=True)
    white_points = models.DecimalField(max_digits=6, decimal_places=2, null=True, blank=True)
    black_points = models.DecimalField(max_digits=6, decimal_places=2, null=True, blank=True)
    result_status = models.CharField(max_length=10, choices=ResultStatus.choices, default="", blank=True)

    # Live state.
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SCHEDULED)
    position = models.CharField(max_length=300, blank=True)
    moves = models.JSONField(default=list, blank=True)
    clock = models.JSONField(default=dict, blank=True)
    controllers = models.JSONField(default=dict, blank=True)  # army -> seat, for Switch-Side Chain-Chess
    flag_deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    version = models.PositiveIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "board"]
        constraints = [models.UniqueConstraint(fields=["round", "board"], name="unique_board")]

    def __str__(self) -> str:
        return f"{self.white} - {self.black} ({self.round})"


class Move(models.Model):
    """One move (or, in Parity Chess, one sealed move) as it was received, for audit and idempotent retries."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="move_log")
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

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="reports")
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
