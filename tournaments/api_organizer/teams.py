"""The organizer API of a team event (issue 27): its teams with their rosters, and each round's line-ups."""

from __future__ import annotations

from django.db import transaction
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.response import Response

from accounts.serializers import StrictSerializer
from tournaments.api_organizer.access import OrganizerView
from tournaments.api_organizer.serializers import field_errors
from tournaments.models import Team
from tournaments.public.queries import MAX_ROUND_NUMBER
from tournaments.services import is_arbiter
from tournaments.services.teams import create_team, lineup_for, may_submit, submit_lineup

ERRORS = OpenApiResponse(description='{"detail": reason, "errors": [{"field", "reason"}]}: nothing changed')
REFUSALS = {401: OpenApiResponse(description="No valid token"), 403: OpenApiResponse(description="Not your event")}
PLAYER_ID = {"min_value": 1, "max_value": 2**63 - 1}


class TeamCreateSerializer(StrictSerializer):
    name = serializers.CharField(max_length=100)
    captain = serializers.IntegerField(**PLAYER_ID, required=False, allow_null=True,
                                       help_text="The captain's player id (one of the roster): submits line-ups.")  # fmt: skip
    roster = serializers.ListField(child=serializers.IntegerField(**PLAYER_ID), min_length=1, max_length=50,
                                   help_text="Player ids in board order (board 1 first).")  # fmt: skip


class LineupSerializer(StrictSerializer):
    boards = serializers.ListField(child=serializers.IntegerField(**PLAYER_ID), min_length=1, max_length=50,
                                   help_text="Player ids of the roster, board 1 first, in roster order.")  # fmt: skip


class RosterPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    rating = serializers.IntegerField()
    board = serializers.IntegerField(help_text="Place in the roster's board order.")


class TeamSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    seed = serializers.IntegerField(help_text="Starting rank.")
    captain = serializers.IntegerField(allow_null=True, help_text="The captain's player id.")
    roster = RosterPlayerSerializer(many=True)


class LineupAnswerSerializer(serializers.Serializer):
    team = serializers.IntegerField()
    round = serializers.IntegerField()
    boards = serializers.ListField(child=serializers.IntegerField(), help_text="Player ids, board 1 first.")


def team_row(team: Team) -> dict:
    roster = [{"id": m.player_id, "name": m.player.name, "rating": m.player.rating, "board": m.board}
              for m in team.members.select_related("player").order_by("board")]  # fmt: skip
    return {"id": team.pk, "name": team.name, "seed": team.seed, "captain": team.captain_id, "roster": roster}


class TeamsView(OrganizerView):
    lenient_methods = ("GET",)

    @extend_schema(operation_id="events_teams", responses={200: TeamSerializer(many=True)}, tags=["events"])
    def get(self, request, slug: str):
        """The event's teams in starting order, each with its captain and roster."""
        event = self.visible_event(slug)
        return Response([team_row(t) for t in event.teams.order_by("seed", "id")])

    @extend_schema(operation_id="events_teams_create", request=TeamCreateSerializer,
                   responses={201: TeamSerializer, 400: ERRORS, **REFUSALS}, tags=["organizer"])  # fmt: skip
    def post(self, request, slug: str):
        """Enter a team (organizer or arbiter): its name, captain and roster in board order; each player of the
        roster is registered in the event."""
        event = self.arbiter_event(slug)
        form = TeamCreateSerializer(data=request.data)
        if not form.is_valid():
            return self.invalid("invalid team", field_errors(form.errors))
        data = form.validated_data
        team = create_team(event, name=data["name"], roster=data["roster"], captain=data.get("captain"), by=request.user)
        return Response(team_row(team), status=status.HTTP_201_CREATED)


class LineupView(OrganizerView):
    lenient_methods = ("GET",)

    def _team(self, event, team_id: int, number: int) -> Team:
        if not 0 < number <= MAX_ROUND_NUMBER:
            raise NotFound({"number": [f"{event.slug!r} has no round {number}"]})
        team = event.teams.filter(pk=team_id).first() if 0 < team_id < 2**63 else None
        if team is None:
            raise NotFound({"team_id": [f"{event.slug!r} has no team {team_id}"]})
        return team

    @extend_schema(operation_id="events_lineup", responses={200: LineupAnswerSerializer}, tags=["events"])
    def get(self, request, slug: str, number: int, team_id: int):
        """The team's line-up for the round: the one submitted, else the roster's first N available."""
        event = self.visible_event(slug)
        team = self._team(event, team_id, number)
        return Response({"team": team.pk, "round": number, "boards": lineup_for(team, number)})

    @extend_schema(operation_id="events_lineup_submit", request=LineupSerializer,
                   responses={200: LineupAnswerSerializer, 400: ERRORS, 409: OpenApiResponse(description="The round is paired"),
                              **REFUSALS}, tags=["organizer"])  # fmt: skip
    def put(self, request, slug: str, number: int, team_id: int):
        """Submit the team's line-up for round ``n`` (its captain, or the event's organizer or arbiters): N players
        of the roster in roster order; 409 once the round is paired."""
        event = self.find_event(slug)
        team = self._team(event, team_id, number)
        if not (is_arbiter(request.user, event) or may_submit(request.user, team)):
            raise PermissionDenied({"token": [f"you are not the captain of {team} nor the organizer of {event.slug!r}"]})
        form = LineupSerializer(data=request.data)
        if not form.is_valid():
            return self.invalid("invalid line-up", field_errors(form.errors))
        with transaction.atomic():
            lineup = submit_lineup(team, number, form.validated_data["boards"], by=request.user)
        return Response({"team": team.pk, "round": number, "boards": lineup.players})
