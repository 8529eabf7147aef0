"""Serializers of the result-reporting API: a player's games, reports and arbiter entries."""

from __future__ import annotations

from rest_framework import serializers

from accounts.serializers import StrictSerializer
from games.models import ResultReport
from games.reports import OUTCOMES
from games.serializers_players import GamePlayerSerializer
from tournaments.models import Game
from tournaments.services.results import RESULTS, SIDES

OUTCOME_OF_RESULT = {v: k for k, v in OUTCOMES.items()}
_POINTS_REASON = "points are computed by the server from the outcome and termination; do not send them"


class MyGameSerializer(serializers.ModelSerializer):
    white = GamePlayerSerializer()
    black = GamePlayerSerializer()
    event = serializers.CharField(source="round.event.slug")
    round = serializers.IntegerField(source="round.number")
    white_points = serializers.FloatField(allow_null=True)
    black_points = serializers.FloatField(allow_null=True)

    class Meta:
        model = Game
        fields = [
            "id",
            "event",
            "round",
            "board",
            "variant",
            "white",
            "black",
            "status",
            "result",
            "termination",
            "white_points",
            "black_points",
            "result_status",
        ]


class ReportInputSerializer(StrictSerializer):
    """A player's report. Side fields are armies, needed only when the outcome does not say them."""

    forbidden_reasons = {
        "points": _POINTS_REASON,
        "white_points": _POINTS_REASON,
        "black_points": _POINTS_REASON,
        "result": "send outcome (white_wins, black_wins or draw), not a result",
    }

    outcome = serializers.ChoiceField(choices=list(OUTCOMES))
    termination = serializers.CharField(max_length=32)
    position = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")
    checking_side = serializers.ChoiceField(choices=SIDES, required=False, allow_null=True, default=None)
    forcing_side = serializers.ChoiceField(choices=SIDES, required=False, allow_null=True, default=None)
    comment = serializers.CharField(max_length=500, required=False, allow_blank=True, default="")


class DisputeInputSerializer(StrictSerializer):
    comment = serializers.CharField(max_length=500, required=False, allow_blank=True, default="")


class ConfirmInputSerializer(StrictSerializer):
    pass


class ArbiterResultInputSerializer(StrictSerializer):
    """An arbiter's result: any result (including 0-0, a double forfeit) with its termination."""

    forbidden_reasons = {
        "points": _POINTS_REASON,
        "white_points": _POINTS_REASON,
        "black_points": _POINTS_REASON,
    }

    result = serializers.ChoiceField(choices=RESULTS)
    termination = serializers.CharField(max_length=32)
    position = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")
    checking_side = serializers.ChoiceField(choices=SIDES, required=False, allow_null=True, default=None)
    forcing_side = serializers.ChoiceField(choices=SIDES, required=False, allow_null=True, default=None)
    comment = serializers.CharField(max_length=500, required=False, allow_blank=True, default="")


class ReportSerializer(serializers.ModelSerializer):
    reporter = serializers.CharField(source="reporter.username")
    responder = serializers.CharField(source="responder.username", allow_null=True, default=None)
    white_points = serializers.FloatField()
    black_points = serializers.FloatField()

    class Meta:
        model = ResultReport
        fields = [
            "id",
            "game",
            "reporter",
            "outcome",
            "termination",
            "position",
            "white_points",
            "black_points",
            "status",
            "responder",
            "comment",
            "created_at",
        ]


class GameResultSerializer(serializers.ModelSerializer):
    white_points = serializers.FloatField(allow_null=True)
    black_points = serializers.FloatField(allow_null=True)

    class Meta:
        model = Game
        fields = ["id", "result", "termination", "white_points", "black_points", "result_status"]
