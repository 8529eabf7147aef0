"""API routes of live play (mounted under /api/)."""

from django.urls import path

from games import api_live

urlpatterns = [
    path("games/<int:game_id>/", api_live.game_view, name="api-game"),
    path("games/<int:game_id>/moves/", api_live.move_view, name="api-game-moves"),
    path("games/<int:game_id>/clock/", api_live.clock_view, name="api-game-clock"),
]
