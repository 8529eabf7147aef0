"""API routes of the games app, mounted under /api/: live play first (a move is the request made most often, and
URL resolution tries the routes in order), then result reporting, then the sockets' AsyncAPI document."""

from django.urls import include, path

from games.views_asyncapi import asyncapi_document

urlpatterns = [
    path("", include("games.urls_live")),
    path("", include("games.urls_results")),
    path("asyncapi.yaml", asyncapi_document, name="api-asyncapi"),
]
