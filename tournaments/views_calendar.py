"""``/calendar/{key}.ics``: a player's calendar, read by calendar apps with no login; the key is the secret."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.views.decorators.http import require_GET

from accounts.models import Profile
from tournaments.ical import calendar_for
from tournaments.models import Player

MAX_KEY = 64


@require_GET
def calendar_feed(request, key: str):
    profile = Profile.objects.filter(calendar_key=key).select_related("user").first() if len(key) <= MAX_KEY else None
    if profile is None or not profile.user.is_active:
        raise Http404("no such calendar")
    response = HttpResponse(
        calendar_for(Player.objects.filter(user=profile.user).first()), content_type="text/calendar; charset=utf-8"
    )
    response["Cache-Control"] = "private, max-age=300"
    response["Content-Disposition"] = 'inline; filename="games.ics"'
    return response
