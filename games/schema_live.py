"""The shapes of the live-play answers in the OpenAPI schema: the game state of ``GET /api/games/{id}/`` and of
every action's answer (move, draw, resign, claim, clock), the 202 of a waiting claim.

These serializers only describe (the state is built by :func:`games.serializers_live.game_detail`, a dict for
speed on the move path); the served-app contract test (tests/api/test_schema_holds_against_the_served_app.py)
checks every answer against them, so a key added to the state without its field here fails CI.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample
from rest_framework import serializers

from games.play.claims import CLAIM_KINDS
from games.serializers_players import GamePlayerSerializer
from record.game_states import STATES
from tournaments.models import Game
from variants.base import ARMIES
from variants.registry import fixed_keys


def _army(**kwargs) -> serializers.ChoiceField:
    return serializers.ChoiceField(choices=list(ARMIES), **kwargs)


class ControllersSerializer(serializers.Serializer):
    white = _army(help_text="The seat controlling the white army now (Switch-Side Chain-Chess can change it)")
    black = _army(help_text="The seat controlling the black army now")


class SealedSerializer(serializers.Serializer):
    white = serializers.BooleanField(help_text="White has sealed its move this turn")
    black = serializers.BooleanField(help_text="Black has sealed its move this turn")


class YourSealedSerializer(serializers.Serializer):
    white = serializers.CharField(required=False, help_text="Your own sealed move for white (never anyone else's)")
    black = serializers.CharField(required=False, help_text="Your own sealed move for black")


class LegalMovesByArmySerializer(serializers.Serializer):
    white = serializers.ListField(child=serializers.CharField(), required=False)
    black = serializers.ListField(child=serializers.CharField(), required=False)


class ToMoveSerializer(serializers.Serializer):
    army = _army()
    seat = _army(help_text="The seat (the player who started with that army) that moves it")


class ClockSideSerializer(serializers.Serializer):
    remaining_ms = serializers.IntegerField(allow_null=True, help_text="Main time left; null for an untimed game")
    delay_ms = serializers.IntegerField(help_text="What is left of a delay this turn")
    running = serializers.BooleanField()
    moves = serializers.IntegerField(help_text="Moves made by this side")
    period = serializers.IntegerField(help_text="The time-control period this side is in (from 1)")
    moves_to_control = serializers.IntegerField(allow_null=True, help_text="Moves left to the next control, if any")
    flag_at = serializers.DateTimeField(allow_null=True, help_text="When the flag falls if nothing happens; null when stopped")


class ClocksSerializer(serializers.Serializer):
    control = serializers.CharField(allow_blank=True, help_text="The time control as written, e.g. 90+30")
    timed = serializers.BooleanField()
    paused = serializers.BooleanField(help_text="Paused by an arbiter")
    flagged = serializers.ListField(child=_army(), help_text="Armies whose flag has fallen")
    as_of_ms = serializers.IntegerField(help_text="The server time (ms since the epoch) the clocks are shown at")
    white = ClockSideSerializer()
    black = ClockSideSerializer()
    controllers = ControllersSerializer()


class DrawOfferSerializer(serializers.Serializer):
    by = _army(help_text="The seat that offered")


class PendingClaimSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=list(CLAIM_KINDS))
    by = _army(help_text="The seat that claimed")
    awaiting = serializers.ChoiceField(choices=["opponent", "arbiter", "turn"])


class GameStateSerializer(serializers.Serializer):
    """A game as ``GET /api/games/{id}/`` and every action answer it (``games.serializers_live.game_detail``)."""

    id = serializers.IntegerField()
    event = serializers.CharField(help_text="The event's slug")
    round = serializers.IntegerField()
    board = serializers.IntegerField()
    white = GamePlayerSerializer()
    black = GamePlayerSerializer()
    variant = serializers.CharField(help_text="The variant's key")
    start_position = serializers.CharField(allow_blank=True)
    position = serializers.CharField(help_text="The position now, in the variant's notation (FEN-like)")
    turn = _army(help_text="The army to move (in a simultaneous variant: the first that has not sealed)")
    to_move = ToMoveSerializer(many=True, help_text="Who must move now; empty once the game is over")
    legal_moves = serializers.ListField(child=serializers.CharField(), help_text="The legal moves of `turn`")
    legal_moves_by_army = LegalMovesByArmySerializer()
    moves = serializers.ListField(child=serializers.CharField(), help_text="The moves played, in order")
    clocks = ClocksSerializer()
    controllers = ControllersSerializer()
    simultaneous = serializers.BooleanField(help_text="Both armies seal a move each turn (Parity Chess)")
    can_switch = serializers.BooleanField(help_text="A move may claim a switch of sides (`SAN/S`)")
    reserves = serializers.DictField(
        child=serializers.DictField(child=serializers.IntegerField(min_value=1)),
        help_text="The pieces each army holds off the board, by figure and count (Twilight Chess); empty: none kept",
    )
    status = serializers.ChoiceField(choices=Game.Status.choices)
    result = serializers.CharField(allow_blank=True, help_text="1-0, 0-1, 1/2-1/2, 0-0 or a forfeit form; empty while open")
    termination = serializers.CharField(allow_blank=True)
    result_status = serializers.ChoiceField(choices=Game.ResultStatus.choices)
    state = serializers.ChoiceField(choices=STATES, help_text="What the game accepts now (docs/game-states.md)")
    white_points = serializers.FloatField(allow_null=True)
    black_points = serializers.FloatField(allow_null=True)
    version = serializers.IntegerField(help_text="Grows with every change; a socket message with a lower one is stale")
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    draw_offer = DrawOfferSerializer(allow_null=True)
    claim = PendingClaimSerializer(allow_null=True)
    sealed = SealedSerializer(required=False, help_text="Simultaneous variants only")
    your_sealed_move = YourSealedSerializer(required=False, help_text="Simultaneous variants: your own sealed move")


class MoveAnswerSerializer(GameStateSerializer):
    move = serializers.CharField(help_text="The move as stored (normalized notation)")
    duplicate = serializers.BooleanField(help_text="True when this client_id was already applied: nothing changed")


class PendingSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=["pending"])
    awaiting = serializers.ChoiceField(choices=["opponent", "arbiter", "turn"])
    game = GameStateSerializer()


_PLAYER = {"id": 1, "name": "Anna Berger", "rating": 2150}
_CLOCK_SIDE = {"remaining_ms": 5400000, "delay_ms": 0, "running": True, "moves": 0, "period": 1,
               "moves_to_control": None, "flag_at": "2026-04-04T11:30:00+00:00"}  # fmt: skip
STATE_EXAMPLE = {
    "id": 17, "event": "spring-open", "round": 3, "board": 1,
    "white": _PLAYER, "black": {"id": 3, "name": "Chloé Dubois", "rating": 2045},
    "variant": fixed_keys()[0], "start_position": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "position": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    "turn": "black", "to_move": [{"army": "black", "seat": "black"}],
    "legal_moves": ["e5", "Nf6"], "legal_moves_by_army": {"black": ["e5", "Nf6"]}, "moves": ["e4"],
    "clocks": {"control": "90+30", "timed": True, "paused": False, "flagged": [], "as_of_ms": 1775296200000,
               "white": {**_CLOCK_SIDE, "running": False, "moves": 1, "flag_at": None}, "black": _CLOCK_SIDE,
               "controllers": {"white": "white", "black": "black"}},
    "controllers": {"white": "white", "black": "black"}, "simultaneous": False, "can_switch": False, "reserves": {},
    "status": "live", "result": "", "termination": "", "result_status": "", "state": "in-play",
    "white_points": None, "black_points": None, "version": 2,
    "started_at": "2026-04-04T10:00:00+00:00", "finished_at": None, "draw_offer": None, "claim": None,
}  # fmt: skip
STATE_EXAMPLES = [OpenApiExample("A game in play", value=STATE_EXAMPLE, response_only=True)]
MOVE_EXAMPLES = [OpenApiExample("After 1. e4", value={**STATE_EXAMPLE, "move": "e4", "duplicate": False}, response_only=True)]
PENDING_EXAMPLES = [
    OpenApiExample(
        "A claim waiting for the arbiter",
        value={"status": "pending", "awaiting": "arbiter", "game": {
            **STATE_EXAMPLE, "claim": {"kind": "threefold-repetition", "by": "white", "awaiting": "arbiter"}}},
        response_only=True,
        status_codes=["202"],
    )
]  # fmt: skip
