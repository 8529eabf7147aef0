"""The answer of ``GET /api/events/{slug}/standings/``: the players' table, a team event's team table, the
crosstable and, with ``?provisional=1``, the games counted as they stand (tournaments.api_public serves it)."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.api_provisional import LiveGameSerializer


class StandingsRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(read_only=True)
    player_id = serializers.IntegerField(read_only=True)
    name = serializers.CharField(read_only=True)
    rating = serializers.IntegerField(read_only=True, allow_null=True)
    federation = serializers.CharField(read_only=True)
    points = serializers.FloatField(read_only=True)
    games = serializers.IntegerField(read_only=True)
    wins = serializers.IntegerField(read_only=True)
    tiebreaks = serializers.DictField(child=serializers.FloatField(allow_null=True), read_only=True)
    colours = serializers.CharField(read_only=True, help_text="W or B per round with a finished game, - otherwise.")
    performance = serializers.IntegerField(
        read_only=True, allow_null=True, help_text="Tournament performance rating (docs/rules/performance-rating.md)."
    )
    rank_change = serializers.IntegerField(
        read_only=True, allow_null=True, help_text="Places gained (negative: lost) in the last round counted."
    )


class CrosstableCellSerializer(serializers.Serializer):
    opponent_id = serializers.IntegerField(read_only=True, allow_null=True)
    colour = serializers.CharField(read_only=True, help_text="w, b or - (bye).")
    points = serializers.FloatField(read_only=True, allow_null=True)
    result = serializers.CharField(read_only=True)


class TeamNameSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    name = serializers.CharField(read_only=True)


class TeamStandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField(read_only=True)
    team = TeamNameSerializer(read_only=True)
    match_points = serializers.FloatField(read_only=True)
    board_points = serializers.FloatField(read_only=True)
    matches = serializers.IntegerField(read_only=True, help_text="Matches finished (a bye counts).")
    tiebreaks = serializers.DictField(
        child=serializers.FloatField(), read_only=True,
        help_text="OSB (Olympiad Sonneborn-Berger), BH-MP (Buchholz of match points), DE (direct encounter).",
    )  # fmt: skip


class StandingsSerializer(serializers.Serializer):
    event = serializers.CharField(read_only=True, help_text="The event's slug.")
    published = serializers.BooleanField(read_only=True, help_text="False while there are no standings yet.")
    computed_at = serializers.CharField(read_only=True, allow_null=True)
    rounds_complete = serializers.IntegerField(read_only=True)
    provisional = serializers.BooleanField(read_only=True, help_text="True: as if every game in play ended now.")
    after = serializers.IntegerField(read_only=True, allow_null=True, help_text="?after=N: the rounds counted; else null.")
    tiebreaks = serializers.ListField(child=serializers.CharField(), read_only=True)
    rows = StandingsRowSerializer(many=True, read_only=True)
    teams = TeamStandingSerializer(many=True, read_only=True,
                                   help_text="A team event's team standings (empty for an event of players).")  # fmt: skip
    crosstable = serializers.DictField(
        child=serializers.DictField(child=CrosstableCellSerializer()),
        read_only=True,
        help_text="player id -> round number -> the player's game (or bye) of that round.",
    )
    live_games = LiveGameSerializer(many=True, read_only=True, help_text="?provisional=1: each board still in play.")
