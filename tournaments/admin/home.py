"""The director's home: the admin's index opens, for an organizer or an arbiter, on the events they run with the
next thing each one needs (issue 36: "the admin opens on Django's model list: nothing says what to do next").

One query for all the events, whatever their number (each count a subquery); the run sheet of each is
one click away. The order of the checks is the order a director meets them on the day: a draft to announce,
sign-ups to approve, a round paired but not published, results to settle, then the next round to pair.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce
from django.urls import reverse

from tournaments import models
from tournaments.services.history import rounds_total

SHOWN = 20  # the events the home lists (the nearest first); the rest are in the event list


@dataclass(frozen=True)
class NextStep:
    event: models.Event
    text: str
    url: str
    urgent: bool  # something waits on the director (a report, a sign-up), not just the next step of the day


def _count(rows, by: str):
    """The number of ``rows`` of each event (``by`` leads from a row to its event): a subquery, so that the counts
    of an event's games, sign-ups and players are not multiplied by one another's joins."""
    counted = rows.filter(**{by: OuterRef("pk")}).order_by().values(by).annotate(n=Count("pk")).values("n")[:1]
    return Coalesce(Subquery(counted), 0)


def _events(user):
    events = models.Event.objects.visible_to(user).exclude(status=models.Event.Status.CLOSED)
    if not models.sees_every_event(user):
        events = events.filter(Q(organizer=user) | Q(arbiters=user)).distinct()
    games = models.Game.objects.all()
    played = ("published", "complete")
    return (
        events.annotate(
            to_approve=_count(models.SignUp.objects.filter(status="pending", approved_at=None), "event"),
            to_settle=_count(games.filter(result_status__in=["reported", "disputed"]), "round__event"),
            unfinished=_count(
                games.filter(result_status__in=["", "reported", "disputed"], round__status__in=played), "round__event"
            ),  # fmt: skip
            players=_count(models.Registration.objects.all(), "event"),
            teams_entered=_count(models.Team.objects.all(), "event"),
            paired_round=Subquery(
                models.Round.objects.filter(event=OuterRef("pk"), status="paired").order_by("number").values("number")[:1]
            ),  # fmt: skip
            last_round=Subquery(
                models.Round.objects.filter(event=OuterRef("pk"), status__in=played).order_by("-number").values("number")[:1]
            ),  # fmt: skip
        )
        .select_related("section")
        .order_by("starts_on", "name")[:SHOWN]
    )


def next_steps(user) -> list[NextStep]:
    """The events ``user`` runs that are not closed, each with its next step."""
    return [_step(event) for event in _events(user)]


def _step(event: models.Event) -> NextStep:
    sheet = reverse("admin:tournaments_event_director", args=[event.pk])
    if event.status == models.Event.Status.DRAFT:
        return NextStep(event, f"Draft with {event.players} players: announce it", sheet, False)
    if event.to_approve and event.registration == "approval":
        signups = reverse("admin:tournaments_signup_changelist") + f"?event={event.pk}"
        return NextStep(event, f"{event.to_approve} sign-up{'s' if event.to_approve > 1 else ''} to approve", signups, True)
    if event.paired_round:
        return NextStep(event, f"Round {event.paired_round} is paired: review and publish it", sheet, False)
    if event.to_settle:
        return NextStep(event, f"{event.to_settle} result{'s' if event.to_settle > 1 else ''} to settle", sheet, True)
    if event.unfinished:
        return NextStep(event, f"Round {event.last_round} in play: {event.unfinished} game{'s' if event.unfinished > 1 else ''} "
                        "without a result", sheet, False)  # fmt: skip
    number = (event.last_round or 0) + 1
    total = rounds_total(event, event.teams_entered if event.competitor == "team" else event.players)
    if number > total:
        return NextStep(event, "Every round is played: close the event", sheet, False)
    checking = " (check-in is on: only who checked in is paired)" if event.check_in_required else ""
    return NextStep(event, f"Pair round {number}{checking}", sheet, False)
