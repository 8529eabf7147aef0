"""The organizer sets an event's way in: ``PATCH /api/events/{slug}/`` (registration, check-in, requested byes) and
``PUT /api/events/{slug}/schedule/`` (when planned rounds start, until each is published)."""

from __future__ import annotations

from decimal import Decimal

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from accounts.serializers import StrictSerializer
from tournaments.api_organizer.serializers import JsonBooleanField, field_errors
from tournaments.api_way_in.common import CONFLICT, ERRORS, NOT_FOUND, REFUSALS
from tournaments.models import Event, RegistrationMode
from tournaments.services.way_in_settings import SETTINGS, set_schedule, update_way_in

MAX_ROUND = 99


class EventSettingsSerializer(StrictSerializer):
    registration = serializers.ChoiceField(choices=RegistrationMode.choices, required=False)
    registration_closes_at = serializers.DateTimeField(required=False, allow_null=True)
    max_players = serializers.IntegerField(min_value=2, max_value=100_000, required=False, allow_null=True,
                                           help_text="Past it, registrations wait on a list; null: no limit.")  # fmt: skip
    check_in_required = JsonBooleanField(required=False)
    check_in_opens_minutes = serializers.IntegerField(min_value=0, max_value=7 * 24 * 60, required=False)
    requested_bye_points = serializers.ChoiceField(choices=[0, 0.5, 1], required=False,
                                                   help_text="What a requested bye scores: 0, ½ or 1 game.")  # fmt: skip
    max_requested_byes = serializers.IntegerField(min_value=0, max_value=MAX_ROUND, required=False)

    def validate(self, data: dict) -> dict:
        if not data:
            raise serializers.ValidationError({"body": f"name at least one of {', '.join(SETTINGS)}"})
        if "requested_bye_points" in data:
            data["requested_bye_points"] = Decimal(str(data["requested_bye_points"]))
        return data


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


class EventSettingsPatch:
    """``PATCH`` on the event view (tournaments.api_organizer.events.EventDetailView)."""

    @extend_schema(operation_id="events_settings", request=EventSettingsSerializer,
                   responses={200: EventSettingsOutSerializer, 400: ERRORS, 409: CONFLICT, **REFUSALS, **NOT_FOUND},
                   tags=["organizer"])  # fmt: skip
    def patch(self, request, slug: str):
        """Set the event's way in: registration (closed, open, approval), its closing time and ``max_players``,
        check-in and its window, what a requested bye scores and how many a player may ask for."""
        event = self.organizer_event(slug)
        form = EventSettingsSerializer(data=request.data)
        if not form.is_valid():
            return Response({"detail": "invalid settings", "errors": field_errors(form.errors)}, status=400)
        return Response(settings_of(update_way_in(event, dict(form.validated_data), by=request.user)))


class RoundStartSerializer(StrictSerializer):
    number = serializers.IntegerField(min_value=1, max_value=MAX_ROUND)
    starts_at = serializers.DateTimeField(allow_null=True, help_text="ISO 8601 with its offset; null clears it.")


class ScheduleSerializer(StrictSerializer):
    rounds = RoundStartSerializer(many=True, allow_empty=False, max_length=MAX_ROUND)


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
