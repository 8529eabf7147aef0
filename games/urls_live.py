"""API routes of live play (mounted under /api/). A game is ``pk`` in every route, which the schema names ``{id}``
(drf-spectacular's SCHEMA_COERCE_PATH_PK), as in the routes of result reporting."""

from django.urls import path

from games import api_actions, api_live

urlpatterns = [
    path("games/<int:pk>/", api_live.game_view, name="api-game"),
    path("games/<int:pk>/moves/", api_live.move_view, name="api-game-moves"),
    path("games/<int:pk>/clock/", api_live.clock_view, name="api-game-clock"),
    path("games/<int:pk>/resign/", api_actions.resign_view, name="api-game-resign"),
    path("games/<int:pk>/draw/", api_actions.draw_view, name="api-game-draw"),
    path("games/<int:pk>/claim/", api_actions.claim_view, name="api-game-claim"),
]
