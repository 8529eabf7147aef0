"""The record an event keeps beside its boards: the audit trail of the director's changes, the published standings
snapshot, the drawn colour of round 1, the byes of each round and those players asked for, and the pairings the
director forbade.

Imported by :mod:`tournaments.models`, whose app they belong to (related by name, so this module imports none).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class PairingChange(models.Model):
    """The audit trail of an event: every change of the director's workflow (dice, pairings, results, players)
    with who, when, what (``action``) and the state before and after (written by tournaments.services.audit)."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="pairing_changes")
    # A round thrown away keeps its history: the entry stays and forgets the row.
    round = models.ForeignKey("tournaments.Round", null=True, blank=True, on_delete=models.SET_NULL, related_name="changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=40, blank=True, db_index=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    description = models.TextField()

    class Meta:
        ordering = ["-at", "-id"]


class StandingsSnapshot(models.Model):
    """The published standings of an event, replaced whole by the publishing task (never half-written)."""

    event = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE, related_name="snapshot")
    data = models.JSONField(default=dict)
    computed_at = models.DateTimeField(auto_now=True)
    results_version = models.PositiveIntegerField(default=0)


class ColourDraw(models.Model):
    """The drawn colour of pairing number 1 in round 1 (in a match: who has White in game 1), commit-reveal.

    The seed is committed (SHA-256) before round 1 is paired and revealed with the pairing; the colour is the
    first die of ``variants.fairroll.derive_rolls(seed, identity, False)`` (identity ``"<slug>/first-white"``):
    odd means pairing number 1 has White (docs/pairing.md); anyone can re-derive it with
    ``python -m variants.fairroll``.
    """

    event = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE, related_name="colour_draw")
    commitment = models.CharField(max_length=64)
    seed = models.CharField(max_length=64, help_text="Secret until the draw; revealed with round 1.")
    identity = models.CharField(max_length=120, blank=True, help_text="What the draw derives from ('<slug>/first-white').")
    first_white = models.BooleanField(null=True, blank=True, help_text="Pairing number 1 has White in round 1.")
    committed_at = models.DateTimeField(auto_now_add=True)
    drawn_at = models.DateTimeField(null=True, blank=True)
    drawn_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    def __str__(self) -> str:
        return f"{self.event} colour draw"


class ByeRequest(models.Model):
    """A player's request to sit out a round (a half-point bye unless the event says otherwise)."""

    registration = models.ForeignKey("tournaments.Registration", on_delete=models.CASCADE, related_name="bye_requests")
    round_number = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["registration", "round_number"], name="unique_bye_request")]

    def __str__(self) -> str:
        return f"{self.registration.player} asks for a bye in round {self.round_number}"


class ForbiddenPairing(models.Model):
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="forbidden_pairings")
    player_a = models.ForeignKey("tournaments.Player", on_delete=models.CASCADE, related_name="+")
    player_b = models.ForeignKey("tournaments.Player", on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(max_length=200, blank=True)


class Bye(models.Model):
    class Kind(models.TextChoices):
        PAIRING = "pairing", "Pairing-allocated bye (odd number)"
        REQUESTED = "requested", "Requested bye"
        ABSENT = "absent", "Zero-point bye (absent or withdrawn)"

    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey("tournaments.Player", on_delete=models.PROTECT, related_name="byes")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    points = models.DecimalField(max_digits=6, decimal_places=2, default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["round", "player"], name="unique_bye")]

    def __str__(self) -> str:
        return f"{self.player} in round {self.round.number}: {self.shown_kind()}"

    def shown_kind(self) -> str:
        """What the pages call this bye: a late entrant's round before joining is no requested bye but a round
        missed before joining (the kind then only says what it scores)."""
        joined = self.player.registrations.filter(event_id=self.round.event_id).values_list("joined_round", flat=True).first()
        if joined and self.round.number < joined:
            worth = "half-point bye" if self.kind == self.Kind.REQUESTED else "zero-point bye"
            return f"Missed before joining (late entry, {worth})"
        return self.get_kind_display()
