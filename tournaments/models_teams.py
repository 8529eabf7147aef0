"""Team events (issue 27): teams with a captain and a roster in board order, each round's line-up, and the matches
of a round. Each board of a match is an ordinary :class:`~tournaments.models.Game` of the round (boards
``first_board`` .. ``first_board + boards - 1``), so play, reports, clocks and the individual records work as in
any event. Imported by :mod:`tournaments.models`, whose app it belongs to.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Team(models.Model):
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=100)
    captain = models.ForeignKey("tournaments.Player", null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
                                help_text="A player of the roster who may submit line-ups.")  # fmt: skip
    seed = models.PositiveSmallIntegerField(default=0, help_text="Starting rank (pairing number) of the team.")

    class Meta:
        ordering = ["event", "seed", "id"]
        constraints = [models.UniqueConstraint(fields=["event", "name"], name="unique_team_name")]

    def __str__(self) -> str:
        return self.name

    def roster(self) -> list:
        """The players in board order."""
        return [m.player for m in self.members.select_related("player").order_by("board")]


class TeamMember(models.Model):
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    player = models.ForeignKey("tournaments.Player", on_delete=models.PROTECT, related_name="team_memberships")
    board = models.PositiveSmallIntegerField(help_text="Place in the roster's board order (1 = top board).")

    class Meta:
        ordering = ["team", "board"]
        constraints = [
            models.UniqueConstraint(fields=["team", "player"], name="unique_team_member"),
            models.UniqueConstraint(fields=["team", "board"], name="unique_team_board"),
        ]

    def __str__(self) -> str:
        return f"Board {self.board}: {self.player}"


class Lineup(models.Model):
    """The players a team fields in a round, in roster order (submitted by the captain or the organizer)."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="lineups")
    round_number = models.PositiveSmallIntegerField()
    players = models.JSONField(default=list, help_text="Player ids, board 1 first.")
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    submitted_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["team", "round_number"], name="unique_lineup")]

    def __str__(self) -> str:
        # What the admin says when one is saved ("Round 3 line-up of Knights"), not "Lineup object (2)".
        return f"Round {self.round_number} line-up of {self.team.name}"


class TeamMatch(models.Model):
    """A match of a round: the first-named team has White on the odd boards (C.04); no second team: a bye."""

    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="team_matches")
    number = models.PositiveSmallIntegerField(help_text="The match's place in the round (1 = top match).")
    first = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    second = models.ForeignKey(Team, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    first_board = models.PositiveSmallIntegerField(default=1, help_text="Board number of its board 1 in the round.")

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="unique_team_match")]

    def __str__(self) -> str:
        return f"{self.first} - {self.second or 'bye'}"
