"""API routes of the tournaments app (events, standings, pairings). Mounted under /api/."""

from django.urls import include, path

from tournaments import api_public

urlpatterns = [
    # The event list, an event and a round are read by the public and written by organizers: the organizer API's
    # views answer both (tournaments.api_organizer).
    path("", include("tournaments.api_organizer.urls")),
    path("", include("tournaments.api_way_in.urls")),  # a player's way in (issue 23)
    path("events/<str:slug>/standings/", api_public.EventStandingsView.as_view(), name="api-event-standings"),
]
