"""Play on a paired board (:class:`tournaments.models.Game`): the log of moves as received and the players' result
reports. The board row itself, with its live state, belongs to the tournaments app (docs/architecture.md)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from scoring.points import result_from_points
from variants.terminations import FIFTY_MOVES, PERPETUAL_CHECK, THREEFOLD


class Move(models.Model):
    """One move (or, in Parity Chess, one sealed move) as it was received, for audit and idempotent retries."""

    game = models.ForeignKey("tournaments.Game", on_delete=models.CASCADE, related_name="move_log")
    ply = models.PositiveIntegerField()
    army = models.CharField(max_length=5)
    seat = models.CharField(max_length=5)
    notation = models.CharField(max_length=40)
    client_id = models.CharField(max_length=64, blank=True)
    sealed = models.BooleanField(default=False)
    played_at = models.DateTimeField(default=timezone.now, editable=False)  # the move path gives the request's time
    clock_after = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["game", "ply"]
        constraints = [
            models.UniqueConstraint(fields=["game", "client_id"], condition=~models.Q(client_id=""), name="unique_client_move")
        ]
        # The move path's lock asks every game for its latest sealed move (games.play.store.lock_queryset): only
        # Parity Chess seals, so an index of sealed moves alone answers at once for every other game.
        indexes = [models.Index(fields=["game", "ply"], condition=models.Q(sealed=True), name="move_sealed")]


class ResultReport(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Awaiting the opponent"
        CONFIRMED = "confirmed", "Confirmed"
        DISPUTED = "disputed", "Disputed"
        # The arbiter's result (the result grid, the admin or the API) closes every open report of the game.
        SETTLED = "settled", "Settled by an arbiter"
        SUPERSEDED = "superseded", "Superseded"

    game = models.ForeignKey("tournaments.Game", on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    # The result as the arbiter writes it (tournaments.services.results.RESULTS): "1-0", "0-1", "1/2-1/2", "0-0".
    result = models.CharField(max_length=8)
    termination = models.CharField(max_length=32)
    position = models.CharField(max_length=300, blank=True)
    white_points = models.DecimalField(max_digits=6, decimal_places=2)
    black_points = models.DecimalField(max_digits=6, decimal_places=2)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    responder = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    comment = models.CharField(max_length=500, blank=True)
    settled_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    decision = models.CharField(max_length=600, blank=True, help_text="The arbiter's result that settled the report.")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]

    @property
    def recorded_result(self) -> str:
        """The result the game keeps if this report is confirmed: the one its points stand for, which under
        dynamic scoring may not be the one reported (½-½ by agreement with White ahead on material is 1-0, 51-49)."""
        return result_from_points(float(self.white_points), float(self.black_points))


class GameAction(models.Model):
    """A draw offer or a claim a player made during a live game, and what became of it.

    An open draw offer stands until the opponent answers it or moves, or the game ends; a perpetual-check claim the
    opponent has not conceded waits for the arbiter with the moves as they stood (docs/rules/game-actions.md).
    Who made it is the *seat* (the person), never the army: in Switch-Side Chain-Chess an offer stays with its
    person when the armies change hands.
    """

    class Kind(models.TextChoices):
        DRAW_OFFER = "draw-offer", "Draw offer"
        THREEFOLD = THREEFOLD, "Claim: threefold repetition"
        FIFTY_MOVES = FIFTY_MOVES, "Claim: fifty-move rule"
        PERPETUAL_CHECK = PERPETUAL_CHECK, "Claim: perpetual check"

    class Status(models.TextChoices):
        OPEN = "open", "Awaiting the opponent (or, in Parity Chess, the end of the turn)"
        ARBITER = "arbiter", "Awaiting the arbiter"
        ACCEPTED = "accepted", "Accepted (the game ended)"
        DECLINED = "declined", "Declined or rejected"
        LAPSED = "lapsed", "Lapsed (the opponent moved on, or the game ended otherwise)"

    game = models.ForeignKey("tournaments.Game", on_delete=models.CASCADE, related_name="actions")
    kind = models.CharField(max_length=24, choices=Kind.choices)
    seat = models.CharField(max_length=5, help_text="The person who made it: the seat that started as white or black.")
    army = models.CharField(max_length=5, help_text="The army that person played when making it (the checking side).")
    ply = models.PositiveIntegerField(help_text="Entries in the move list when it was made.")
    moves = models.JSONField(default=list, blank=True, help_text="The move list when it was made (for the arbiter).")
    position = models.CharField(max_length=300, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    note = models.CharField(max_length=500, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["game", "status"], name="game_action_open")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} by {self.seat} ({self.get_status_display().lower()})"
