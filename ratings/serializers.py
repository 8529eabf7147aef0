"""The shapes of the ratings API: a series to make (checked strictly, as every input of the project), and the
answers (for the schema: the views build them from ratings.profile and ratings.series)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from accounts.serializers import StrictSerializer
from ratings.series import MAX_EVENTS, MAX_PLACES
from scoring.series import GAME_POINTS
from tournaments.api_filters import MAX_SLUG, SLUG_PATTERN
from tournaments.api_organizer.serializers import OneLineTextField

MAX_POINTS = 100_000


@extend_schema_field({"type": "array", "minItems": 1, "maxItems": MAX_EVENTS,
                      "items": {"type": "string", "pattern": SLUG_PATTERN, "maxLength": MAX_SLUG}})  # fmt: skip
class SlugListField(serializers.JSONField):
    def to_internal_value(self, data):
        if not isinstance(data, list) or not 1 <= len(data) <= MAX_EVENTS:
            raise serializers.ValidationError(f"a list of 1 to {MAX_EVENTS} event slugs")
        if any(not isinstance(s, str) or not s or len(s) > MAX_SLUG or not s.isascii() for s in data):
            raise serializers.ValidationError("each event is named by its slug (a string)")
        if any(not all(c.isalnum() or c in "-_" for c in s) for s in data):
            raise serializers.ValidationError("a slug has letters, digits, hyphens and underscores only")
        if len(set(data)) != len(data):
            raise serializers.ValidationError("each event once")
        return list(data)


@extend_schema_field({"oneOf": [
    {"type": "array", "minItems": 1, "maxItems": MAX_PLACES,
     "items": {"type": "number", "minimum": 0, "maximum": MAX_POINTS}},
    {"type": "string", "enum": [GAME_POINTS]},
], "description": 'Series points by place (first place first; 0 past the end), or "game_points": the game points '
   "scored in each event."})  # fmt: skip
class PointsRuleField(serializers.JSONField):
    def to_internal_value(self, data):
        if data == GAME_POINTS:
            return GAME_POINTS
        if not isinstance(data, list) or not 1 <= len(data) <= MAX_PLACES:
            raise serializers.ValidationError(f'a list of 1 to {MAX_PLACES} numbers, or "{GAME_POINTS}"')
        if any(isinstance(p, bool) or not isinstance(p, int | float) or not 0 <= p <= MAX_POINTS for p in data):
            raise serializers.ValidationError(f"each place's points are a number from 0 to {MAX_POINTS}")
        return [float(p) if isinstance(p, float) else p for p in data]


class SeriesCreateSerializer(StrictSerializer):
    name = OneLineTextField(max_length=200, help_text="The series' name (one line).")
    events = SlugListField(help_text="The events' slugs, in the series' order; you organize each.")
    best_of = serializers.IntegerField(min_value=1, max_value=MAX_EVENTS, help_text="How many of a player's events count.")
    points = PointsRuleField()

    def validate_name(self, value: str) -> str:
        if not value.strip():
            raise serializers.ValidationError("give the series a name")
        return value.strip()

    def validate(self, data: dict) -> dict:
        if data["best_of"] > len(data["events"]):
            raise serializers.ValidationError({"best_of": f"at most the number of events ({len(data['events'])})"})
        return data


class RatingSerializer(serializers.Serializer):
    rating = serializers.FloatField()
    rd = serializers.FloatField(help_text="Rating deviation (Glicko-2).")
    volatility = serializers.FloatField()
    games = serializers.IntegerField(help_text="Rated games in this list.")
    provisional = serializers.BooleanField(help_text="RD above 110: the pages show the rating with a '?'.")


class PlayerEventSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    starts_on = serializers.DateField(allow_null=True)
    variant = serializers.CharField()
    rated = serializers.BooleanField()
    rank = serializers.IntegerField(allow_null=True)
    points = serializers.FloatField(allow_null=True)
    games = serializers.IntegerField(allow_null=True)
    performance = serializers.IntegerField(allow_null=True, help_text="Tournament performance rating.")


class OpponentSerializer(serializers.Serializer):
    player = serializers.IntegerField(help_text="The opponent's player id.")
    name = serializers.CharField()
    federation = serializers.CharField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    score = serializers.FloatField()


class PlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField(help_text="The name the events show (never a login username).")
    federation = serializers.CharField()
    ratings = serializers.DictField(child=RatingSerializer(), help_text="By rating list: a variant's key (a rolled "
                                    "variant's key is its family: every array).")  # fmt: skip
    events = PlayerEventSerializer(many=True)
    head_to_head = OpponentSerializer(many=True, help_text="Played games against each opponent, most first.")


class HistoryEntrySerializer(serializers.Serializer):
    at = serializers.DateTimeField(help_text="When the period (a round) ended.")
    event = serializers.CharField(allow_null=True, help_text="The event's slug; null for one you may not see.")
    event_name = serializers.CharField(allow_null=True)
    round = serializers.IntegerField()
    rating = serializers.FloatField()
    rd = serializers.FloatField()
    volatility = serializers.FloatField()
    games = serializers.IntegerField()
    provisional = serializers.BooleanField()
    played = serializers.IntegerField(help_text="Games in the period.")
    score = serializers.FloatField(help_text="Score in the period, by who scored more.")


class ListEntrySerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.IntegerField(allow_null=True, help_text="The player's id (their latest rated game's row).")
    name = serializers.CharField()
    federation = serializers.CharField()
    rating = serializers.FloatField()
    rd = serializers.FloatField()
    volatility = serializers.FloatField()
    games = serializers.IntegerField()
    provisional = serializers.BooleanField()
    last_played = serializers.DateTimeField()


class SeriesEventSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    starts_on = serializers.DateField(allow_null=True)
    closed = serializers.BooleanField()


class ContributionSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    game_points = serializers.FloatField()
    points = serializers.FloatField(help_text="Series points this event gives.")
    counted = serializers.BooleanField(help_text="Among the player's best best_of.")


class SeriesRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.IntegerField()
    name = serializers.CharField()
    federation = serializers.CharField()
    total = serializers.FloatField()
    events = serializers.ListField(child=ContributionSerializer(allow_null=True),
                                   help_text="One per event of the series, in order; null: not played.")  # fmt: skip


class SeriesSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    best_of = serializers.IntegerField()
    points = PointsRuleField()
    events = SeriesEventSerializer(many=True)
    rows = SeriesRowSerializer(many=True)


class ListSummarySerializer(serializers.Serializer):
    key = serializers.CharField(help_text="The rating list: a variant's key (GET /api/ratings/{key}/).")
    name = serializers.CharField()
    active = serializers.IntegerField(help_text="Players rated in it with a rated game in the last year.")
    everyone = serializers.IntegerField(help_text="Players rated in it.")


class SeriesSummarySerializer(serializers.Serializer):
    slug = serializers.CharField(help_text="GET /api/series/{slug}/ for its table.")
    name = serializers.CharField()
    events = serializers.IntegerField()
    best_of = serializers.IntegerField()


class IndexSerializer(serializers.Serializer):
    lists = ListSummarySerializer(many=True)
    series = SeriesSummarySerializer(many=True, help_text="Newest first.")
