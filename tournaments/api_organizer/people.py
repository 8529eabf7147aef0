"""The organizer API of a player's way in (issue 23): invitations to log in."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from accounts.serializers import StrictSerializer
from tournaments.api_organizer.access import OrganizerView
from tournaments.api_organizer.serializers import field_errors
from tournaments.services.logins import invite_players

ERRORS = OpenApiResponse(description='{"detail": reason, "errors": [{"field", "reason"}]}: nothing changed')
REFUSALS = {401: OpenApiResponse(description="No valid token"), 403: OpenApiResponse(description="Not your event")}


class InviteSerializer(StrictSerializer):
    players = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=2**63 - 1), required=False, max_length=5000,
        help_text="Only these players (ids); default: every player of the event with an e-mail and no login.",
    )  # fmt: skip


class SkippedSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    reason = serializers.CharField()


class InvitedSerializer(serializers.Serializer):
    sent = serializers.IntegerField()
    skipped = SkippedSerializer(many=True)


class InvitationsView(OrganizerView):
    @extend_schema(operation_id="events_invitations", request=InviteSerializer,
                   responses={200: InvitedSerializer, 400: ERRORS, **REFUSALS}, tags=["organizer"])  # fmt: skip
    def post(self, request, slug: str):
        """Invite every player who has an e-mail and no login yet: each gets a one-time link (valid 7 days) under
        ``/accounts/invite/`` to choose username and password; a player whose e-mail has an account is linked to it."""
        event = self.organizer_event(slug)
        form = InviteSerializer(data=request.data)  # no body is {} (everyone); a body of null or a list is refused
        if not form.is_valid():
            return Response({"detail": "invalid invitation", "errors": field_errors(form.errors)}, status=400)
        done = invite_players(event, by=request.user, only=form.validated_data.get("players"))
        return Response({"sent": done.sent, "skipped": done.skipped})
