"""The shared player object of the games API: ``{"id", "name", "username", "rating"}``."""

from __future__ import annotations

from rest_framework import serializers


class GamePlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    username = serializers.SerializerMethodField()
    rating = serializers.IntegerField()

    def get_username(self, player) -> str:
        return player.user.get_username() if player.user_id else ""
