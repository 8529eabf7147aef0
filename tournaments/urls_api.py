"""API routes of the tournaments app (events, standings, pairings). Mounted under /api/."""

from django.urls import path

from tournaments import api_public

urlpatterns = [
    path("events/", api_public.EventListView.as_view(), name="api-event-list"),
    path("events/<str:slug>/", api_public.EventDetailView.as_view(), name="api-event-detail"),
    path("events/<str:slug>/standings/", api_public.EventStandingsView.as_view(), name="api-event-standings"),
    path("events/<str:slug>/rounds/<int:number>/", api_public.EventRoundView.as_view(), name="api-event-round"),
]
