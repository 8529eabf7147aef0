"""API routes of the ratings app (mounted under /api/). A player is ``pk`` in the routes, which the schema names
``{id}`` (drf-spectacular's SCHEMA_COERCE_PATH_PK), as a game is."""

from django.urls import path

from ratings import api

urlpatterns = [
    path("players/<int:pk>/", api.PlayerView.as_view(), name="api-player"),
    path("players/<int:pk>/ratings/<str:key>/history/", api.PlayerHistoryView.as_view(), name="api-player-history"),
    path("ratings/", api.IndexView.as_view(), name="api-ratings"),
    path("ratings/<str:key>/", api.RatingListView.as_view(), name="api-rating-list"),
    path("series/", api.SeriesCreateView.as_view(), name="api-series-create"),
    path("series/<str:slug>/", api.SeriesView.as_view(), name="api-series"),
]
