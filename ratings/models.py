"""Rating state and history per person and rating list, the periods applied, and series of events.

A rating list is named by a key an engine gives (``variants.registry.rating_key_of``): one per variant, and one for
a rolled variant's family as a whole. A period is one complete round of a rated event (:class:`RatedPeriod`),
applied in the order of :mod:`ratings.ledger`; :class:`RatingHistory` keeps each person's rating after each period
they played, so the state can be rewound to any period and the chart drawn.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from scoring.glicko2 import PROVISIONAL_RD

IDENTITY_LENGTH = 240
KEY_LENGTH = 16  # as tournaments.Game.variant


class Ledger(models.Model):
    """One row, locked while the ratings are brought up to date, so two runs never interleave."""

    synced_at = models.DateTimeField(null=True, blank=True)


class RatedPeriod(models.Model):
    round = models.OneToOneField("tournaments.Round", on_delete=models.CASCADE, related_name="rated_period")
    position = models.PositiveIntegerField(unique=True, help_text="The order the periods were applied in, from 0.")
    at = models.DateTimeField(help_text="When the round ended: its last game's finish.")
    fingerprint = models.CharField(max_length=64, help_text="SHA-256 of the round's rated games as they were applied.")

    class Meta:
        ordering = ["position"]

    def __str__(self) -> str:
        return f"period {self.position}: {self.round}"


class Rating(models.Model):
    identity = models.CharField(max_length=IDENTITY_LENGTH)
    key = models.CharField(max_length=KEY_LENGTH)
    player = models.ForeignKey("tournaments.Player", null=True, on_delete=models.SET_NULL, related_name="+",
                               help_text="The row of the person's latest rated game (name, federation, page).")  # fmt: skip
    rating = models.FloatField()
    rd = models.FloatField()
    volatility = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    last_played = models.DateTimeField()

    class Meta:
        ordering = ["key", "-rating"]
        constraints = [models.UniqueConstraint(fields=["identity", "key"], name="unique_rating")]

    def __str__(self) -> str:
        return f"{self.identity} {self.key}: {self.rating:.0f}"

    @property
    def provisional(self) -> bool:
        return self.rd > PROVISIONAL_RD


class RatingHistory(models.Model):
    period = models.ForeignKey(RatedPeriod, on_delete=models.CASCADE, related_name="entries")
    identity = models.CharField(max_length=IDENTITY_LENGTH)
    key = models.CharField(max_length=KEY_LENGTH)
    player = models.ForeignKey("tournaments.Player", null=True, on_delete=models.SET_NULL, related_name="+")
    rating = models.FloatField()
    rd = models.FloatField()
    volatility = models.FloatField()
    games = models.PositiveIntegerField(help_text="Rated games in this list after the period.")
    played = models.PositiveSmallIntegerField(help_text="Games in the period.")
    score = models.FloatField(help_text="Score in the period (1 a win, ½ a draw, by who scored more).")

    class Meta:
        ordering = ["period__position"]
        indexes = [models.Index(fields=["identity", "key"], name="rating_history_person")]


class Series(models.Model):
    """A season of events: the best ``best_of`` events of each player count, by ``points`` per place (a list, the
    first place first) or the event's game points (``"game_points"``); scoring.series holds the rule."""

    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=100, unique=True)
    best_of = models.PositiveSmallIntegerField()
    points = models.JSONField(help_text='Series points by place, e.g. [25, 18, 15], or "game_points".')
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name_plural = "series"

    def __str__(self) -> str:
        return self.name


class SeriesEvent(models.Model):
    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="entries")
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="+")
    order = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["series", "order"]
        constraints = [models.UniqueConstraint(fields=["series", "event"], name="unique_series_event")]
