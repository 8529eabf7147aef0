"""API routes of the games app, mounted under /api/: live play first (a move is the request made most often, and
URL resolution tries the routes in order), then result reporting."""

from django.urls import include, path

urlpatterns = [
    path("", include("games.urls_live")),
    path("", include("games.urls_results")),
]
