"""The shapes of the provisional standings (``GET /api/events/{slug}/standings/?provisional=1``, issue 29): each
board still in play with its verdict, and the query parameter that asks for them."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers

from tournaments.public.provisional import NO, YES

PROVISIONAL = OpenApiParameter(
    "provisional",
    {"type": "string", "enum": ["", "0", "1", "false", "true"]},
    description="1 (or true): the standings as if every game in play ended now, each board still in play counted "
    "as its verdict says (checkmate or stalemate on the board, else the material verdict under dynamic scoring, "
    "else a draw), with `provisional` true and `live_games`. With `after`, only the last published round (others: 404).",
    required=False,
)


def wants_provisional(text: str | None) -> bool:
    """Whether ``?provisional=`` asks for the provisional table; ValidationError naming the parameter otherwise."""
    if text is None or text in NO:
        return False
    if text in YES:
        return True
    reason = "1 or true for the provisional standings, 0 or false (or nothing) for the published ones"
    raise serializers.ValidationError({"provisional": [reason]})


class VerdictSerializer(serializers.Serializer):
    result = serializers.ChoiceField(choices=["1-0", "0-1", "1/2-1/2", "0-0"], read_only=True)
    white_points = serializers.FloatField(read_only=True)
    black_points = serializers.FloatField(read_only=True)
    ending = serializers.CharField(
        read_only=True, help_text="The ending on the board (checkmate, stalemate ...), or as-it-stands for a game in play."
    )
    reason = serializers.CharField(read_only=True, help_text="Why the game counts so, in words.")


class LivePlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    name = serializers.CharField(read_only=True)
    rating = serializers.IntegerField(read_only=True)


class LiveGameSerializer(serializers.Serializer):
    game = serializers.IntegerField(read_only=True)
    round = serializers.IntegerField(read_only=True)
    board = serializers.IntegerField(read_only=True)
    white = LivePlayerSerializer(read_only=True)
    black = LivePlayerSerializer(read_only=True)
    status = serializers.CharField(read_only=True, help_text="scheduled or live (a game being played).")
    moves = serializers.IntegerField(read_only=True, help_text="Moves played so far.")
    verdict = VerdictSerializer(read_only=True, allow_null=True, help_text="Null when the game does not replay.")
