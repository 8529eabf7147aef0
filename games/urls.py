"""Public pages of the games app (the live game page)."""

from django.urls import path

from games import views_live

urlpatterns = [
    path("games/<int:game_id>/", views_live.live_game, name="game-live"),
    path("games/<int:game_id>/state/", views_live.live_fragment, name="game-live-state"),
]
