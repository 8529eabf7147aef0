"""The caller's private calendar URL (``GET /api/me/calendar/``), and a new one that revokes the old
(``DELETE``); the URL itself (``/calendar/{key}.ics``) serves ``text/calendar`` without a login."""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import new_calendar_key
from accounts.notifications import profile_of
from tournaments.api_way_in.common import REFUSALS


class CalendarSerializer(serializers.Serializer):
    url = serializers.URLField(help_text="Private: whoever has it reads your games' times. DELETE makes a new one.")


def calendar_url(user) -> str:
    return settings.SITE_URL + reverse("calendar-feed", args=[profile_of(user).calendar_key])


class MyCalendarView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(operation_id="me_calendar", responses={200: CalendarSerializer, 401: REFUSALS[401]}, tags=["players"])
    def get(self, request):
        """The URL of the caller's calendar (RFC 5545): a secret address any calendar app can subscribe to."""
        return Response({"url": calendar_url(request.user)})

    @extend_schema(operation_id="me_calendar_revoke", responses={200: CalendarSerializer, 401: REFUSALS[401]}, tags=["players"])
    def delete(self, request):
        """Revoke the calendar URL: the old one answers 404 from now on; the new one is returned."""
        profile = profile_of(request.user)
        profile.calendar_key = new_calendar_key()
        profile.save(update_fields=["calendar_key"])
        return Response({"url": calendar_url(request.user)})
