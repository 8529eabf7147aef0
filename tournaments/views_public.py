"""Server-rendered public pages (no login, no JavaScript needed)."""

from __future__ import annotations

from django.shortcuts import render

from tournaments.models import Event


def event_list(request):
    events = Event.objects.filter(is_public=True).select_related("organizer")
    return render(request, "tournaments/event_list.html", {"events": events})
