"""The shared player object of the games API: ``{"id", "name", "rating"}``.

``name`` is the name the event shows; a login username is never in it (the state is public and pushed to every
socket of the game).
"""

from __future__ import annotations

from rest_framework import serializers


class GamePlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField(help_text="The player's name as the event shows it")
    rating = serializers.IntegerField()
