"""The organizer sets when planned rounds start, ``PUT /api/events/{slug}/schedule/`` (until each is published); the
event's way in (registration, check-in, requested byes) is set with its other settings by ``PATCH
/api/events/{slug}/`` (tournaments.api_organizer.events), which answers them as :func:`settings_of` shows them."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from accounts.serializers import StrictSerializer
from tournaments.api_organizer.serializers import field_errors
from tournaments.api_way_in.common import CONFLICT, ERRORS, NOT_FOUND, REFUSALS
from tournaments.models import Event
from tournaments.services.way_in_settings import SETTINGS, set_schedule

MAX_ROUND = 99


class EventSettingsOutSerializer(serializers.Serializer):
    slug = serializers.CharField()
    registration = serializers.CharField()
    registration_closes_at = serializers.DateTimeField(allow_null=True)
    max_players = serializers.IntegerField(allow_null=True)
    check_in_required = serializers.BooleanField()
    check_in_opens_minutes = serializers.IntegerField()
    requested_bye_points = serializers.FloatField()
    max_requested_byes = serializers.IntegerField()


def settings_of(event: Event) -> dict:
    body = {"slug": event.slug, **{name: getattr(event, name) for name in SETTINGS}}
    body["requested_bye_points"] = float(event.requested_bye_points)
    return body


class RoundStartSerializer(StrictSerializer):
    number = serializers.IntegerField(min_value=1, max_value=MAX_ROUND)
    starts_at = serializers.DateTimeField(allow_null=True, help_text="ISO 8601 with its offset; null clears it.")


class ScheduleSerializer(StrictSerializer):
    rounds = serializers.ListField(child=RoundStartSerializer(), min_length=1, max_length=MAX_ROUND)


class ScheduledSerializer(serializers.Serializer):
    rounds = serializers.ListField(child=serializers.DictField())


class ScheduleView:
    """Mixed into an OrganizerView by tournaments.api_way_in.urls."""

    @extend_schema(operation_id="events_schedule", request=ScheduleSerializer,
                   responses={200: ScheduledSerializer, 400: ERRORS, 409: CONFLICT, **REFUSALS, **NOT_FOUND},
                   tags=["organizer"])  # fmt: skip
    def put(self, request, slug: str):
        """Set when planned rounds start, paired or not: a round's start may change until it is published."""
        event = self.organizer_event(slug)
        form = ScheduleSerializer(data=request.data)
        if not form.is_valid():
            return Response({"detail": "invalid schedule", "errors": field_errors(form.errors)}, status=400)
        starts = [(r["number"], r["starts_at"]) for r in form.validated_data["rounds"]]
        rounds = set_schedule(event, starts, by=request.user)
        return Response({"rounds": [{"number": r.number, "starts_at": r.starts_at, "status": r.status} for r in rounds]})
