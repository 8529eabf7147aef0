"""A player's own requests: a bye in a future round, withdrawal, check-in for the next round."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from accounts.serializers import StrictSerializer
from tournaments.api_organizer.access import OrganizerView
from tournaments.api_organizer.serializers import field_errors
from tournaments.api_way_in.common import CONFLICT, ERRORS, NOT_FOUND, REFUSALS, renamed
from tournaments.services import check_in as checking
from tournaments.services.bye_points import requested_bye_value
from tournaments.services.errors import Conflict
from tournaments.services.player_requests import own_registration, request_own_bye, withdraw_self

MAX_ROUND = 99


class ByeRequestSerializer(StrictSerializer):
    round = serializers.IntegerField(min_value=1, max_value=MAX_ROUND, help_text="A round not yet paired.")


class ByeRequestedSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    points = serializers.FloatField(help_text="What the bye scores (the event's requested_bye_points of a game).")


class WithdrawnSerializer(serializers.Serializer):
    status = serializers.CharField()
    from_round = serializers.IntegerField(help_text="The first round the player is not paired in.")


class CheckInSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    checked_in = serializers.BooleanField()


class ByeRequestsView(OrganizerView):
    @extend_schema(operation_id="events_bye_request", request=ByeRequestSerializer,
                   responses={201: ByeRequestedSerializer, 400: ERRORS, 409: CONFLICT, **REFUSALS, **NOT_FOUND},
                   tags=["players"])  # fmt: skip
    def post(self, request, slug: str):
        """The caller (a player of the event) asks to sit out round ``round``: until it is paired, at most the
        event's ``max_requested_byes`` (409 naming ``round`` otherwise); it scores ``requested_bye_points`` of a game."""
        event = self.visible_event(slug)
        form = ByeRequestSerializer(data=request.data)
        if not form.is_valid():
            return Response({"detail": "invalid bye request", "errors": field_errors(form.errors)}, status=400)
        number = form.validated_data["round"]
        try:
            request_own_bye(event, request.user, number)
        except ValidationError as exc:  # a well-formed round the event refuses now (paired, past the limit): 409
            raise Conflict(renamed(exc, {"round_number": "round"}).message_dict) from None
        body = {"round": number, "points": float(requested_bye_value(event))}
        return Response(body, status=status.HTTP_201_CREATED)


class WithdrawView(OrganizerView):
    @extend_schema(operation_id="events_withdraw", request=None,
                   responses={200: WithdrawnSerializer, 409: CONFLICT, **REFUSALS, **NOT_FOUND}, tags=["players"])  # fmt: skip
    def post(self, request, slug: str):
        """The caller withdraws from the rest of the event (from the next round to pair on)."""
        event = self.visible_event(slug)
        reg = withdraw_self(event, request.user)
        return Response({"status": reg.status, "from_round": reg.withdrawn_after_round + 1})


class CheckInView(OrganizerView):
    @extend_schema(operation_id="events_check_in", request=None,
                   responses={200: CheckInSerializer, 409: CONFLICT, **REFUSALS, **NOT_FOUND}, tags=["players"])  # fmt: skip
    def post(self, request, slug: str):
        """The caller checks in for the next round (in its window: ``check_in_opens_minutes`` before its start,
        or from the previous round's pairing, until it is paired)."""
        event = self.visible_event(slug)
        entry = checking.check_in(event, own_registration(event, request.user).player)
        return Response({"round": entry.round_number, "checked_in": True})

    @extend_schema(operation_id="events_check_out", request=None,
                   responses={200: CheckInSerializer, 409: CONFLICT, **REFUSALS, **NOT_FOUND}, tags=["players"])  # fmt: skip
    def delete(self, request, slug: str):
        """The caller takes back their check-in (before the round is paired)."""
        event = self.visible_event(slug)
        number = checking.check_out(event, own_registration(event, request.user).player)
        return Response({"round": number, "checked_in": False})
