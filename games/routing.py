"""Socket routes (served by config.asgi): a game's state and an event's news, both read-only."""

from django.urls import path

from games.consumers import EventConsumer, GameConsumer

websocket_urlpatterns = [
    path("ws/games/<int:game_id>/", GameConsumer.as_asgi()),
    path("ws/events/<slug:slug>/", EventConsumer.as_asgi()),
]
