"""API routes of live play (mounted under /api/)."""

from django.urls import path

from games import api_actions, api_live

urlpatterns = [
    path("games/<int:game_id>/", api_live.game_view, name="api-game"),
    path("games/<int:game_id>/moves/", api_live.move_view, name="api-game-moves"),
    path("games/<int:game_id>/clock/", api_live.clock_view, name="api-game-clock"),
    path("games/<int:game_id>/resign/", api_actions.resign_view, name="api-game-resign"),
    path("games/<int:game_id>/draw/", api_actions.draw_view, name="api-game-draw"),
    path("games/<int:game_id>/claim/", api_actions.claim_view, name="api-game-claim"),
]
