"""API routes of the games app, mounted under /api/: result reporting, then live play."""

from django.urls import include, path

urlpatterns = [
    path("", include("games.urls_results")),
    path("", include("games.urls_live")),
]
