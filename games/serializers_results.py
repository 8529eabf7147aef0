"""Serializers of the result-reporting API: a player's games, reports and arbiter entries.

One result vocabulary for players and arbiters: a report and an arbiter's entry are the same body
(:class:`ResultInputSerializer`): ``result`` as PGN writes it ("1-0", "0-1", "1/2-1/2", and "0-0" for a double
forfeit) and the ``termination`` that scores it (docs/rules/scoring.md); the points are always the server's.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from accounts.serializers import StrictSerializer
from config.api_fields import RegistryChoiceField
from games.models import ResultReport
from games.serializers_players import GamePlayerSerializer
from record.game_states import STATES
from tournaments.models import Game
from tournaments.services.results import RESULTS, SIDES
from variants.base import ARMIES, BLACK, WHITE
from variants.registry import ending_names

_POINTS_REASON = "points are computed by the server from the result and termination; do not send them"
_OUTCOME_REASON = "renamed to result: send result (1-0, 0-1, 1/2-1/2 or 0-0) with its termination, as an arbiter does"
_NO_RESULT_REASON = "an answer carries no result: it confirms or disputes the opponent's report as it stands"


class MyGameSerializer(serializers.ModelSerializer):
    white = GamePlayerSerializer()
    black = GamePlayerSerializer()
    event = serializers.CharField(source="round.event.slug")
    round = serializers.IntegerField(source="round.number")
    white_points = serializers.FloatField(allow_null=True)
    black_points = serializers.FloatField(allow_null=True)
    state = serializers.ChoiceField(choices=STATES, read_only=True, help_text="docs/game-states.md")
    seat = serializers.SerializerMethodField(
        help_text="Your seat: the army you started with (a program compares it with the state's to_move[].seat)"
    )

    class Meta:
        model = Game
        fields = [
            "id",
            "seat",
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
            "state",
            "seat",
        ]

    @extend_schema_field(serializers.ChoiceField(choices=list(ARMIES)))
    def get_seat(self, game: Game) -> str:
        """The requesting player's seat (the list holds only their own games)."""
        request = self.context.get("request")
        user_id = request.user.pk if request is not None else None
        return WHITE if game.white.user_id == user_id else BLACK


class ResultInputSerializer(StrictSerializer):
    """A result as players report it and arbiters enter it: the result, its termination and what scoring needs.

    Side fields are armies, needed only when the termination does not say who forced stalemate or gave perpetual
    check; ``position`` is the final position when the result is decided on material (dynamic scoring).
    """

    forbidden_reasons = {
        "points": _POINTS_REASON,
        "white_points": _POINTS_REASON,
        "black_points": _POINTS_REASON,
        "outcome": _OUTCOME_REASON,
    }

    result = serializers.ChoiceField(choices=RESULTS, help_text="PGN result; 0-0 is a double forfeit (termination forfeit)")
    # Every ending of every registered engine (the variant's own are checked by record_result).
    termination = RegistryChoiceField(choices=ending_names, help_text="How the game ended (docs/rules/scoring.md)")
    position = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")
    checking_side = serializers.ChoiceField(choices=SIDES, required=False, allow_null=True, default=None)
    forcing_side = serializers.ChoiceField(choices=SIDES, required=False, allow_null=True, default=None)
    comment = serializers.CharField(max_length=500, required=False, allow_blank=True, default="")


class DisputeInputSerializer(StrictSerializer):
    forbidden_reasons = {"result": _NO_RESULT_REASON, "outcome": _NO_RESULT_REASON}

    comment = serializers.CharField(max_length=500, required=False, allow_blank=True, default="")


class ConfirmInputSerializer(StrictSerializer):
    forbidden_reasons = {"result": _NO_RESULT_REASON, "outcome": _NO_RESULT_REASON}


class ReportSerializer(serializers.ModelSerializer):
    reporter = serializers.CharField(source="reporter.username")
    responder = serializers.CharField(source="responder.username", allow_null=True, default=None)
    settled_by = serializers.CharField(
        source="settled_by.username", allow_null=True, default=None, help_text="The arbiter whose result settled it"
    )
    white_points = serializers.FloatField()
    black_points = serializers.FloatField()
    recorded_result = serializers.CharField(
        read_only=True,
        help_text="The result the game keeps once the report is confirmed: the one its points stand for (under "
        "dynamic scoring a reported 1/2-1/2 with one side ahead on material is recorded as that side's win)",
    )

    class Meta:
        model = ResultReport
        fields = [
            "id",
            "game",
            "reporter",
            "result",
            "termination",
            "position",
            "white_points",
            "black_points",
            "recorded_result",
            "status",
            "responder",
            "comment",
            "settled_by",
            "decision",
            "created_at",
        ]


class GameResultSerializer(serializers.ModelSerializer):
    white_points = serializers.FloatField(allow_null=True)
    black_points = serializers.FloatField(allow_null=True)
    state = serializers.ChoiceField(choices=STATES, read_only=True, help_text="docs/game-states.md")

    class Meta:
        model = Game
        fields = ["id", "result", "termination", "white_points", "black_points", "result_status", "state"]
