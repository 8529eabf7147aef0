"""The live-game API: ``GET /api/games/{id}/`` (public) and ``POST /api/games/{id}/moves/`` (the player to move)."""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view, permission_classes, renderer_classes
from rest_framework.exceptions import ParseError, UnsupportedMediaType
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from games.play.arbiter import arbiter_clock
from games.play.moves import submit_move
from games.play.reads import refresh_for_read, visible_game
from games.schema_live import MOVE_EXAMPLES, STATE_EXAMPLES, GameStateSerializer, MoveAnswerSerializer
from games.serializers_live import MoveInputSerializer, game_detail
from record.refusals import CONFLICT, FORBIDDEN, INVALID, NOT_FOUND, UNAUTHENTICATED, UNSUPPORTED, Refusal
from tournaments.models import Game
from tournaments.services.events import is_arbiter
from variants.base import ARMIES, IllegalMoveError, InvalidPositionError

# Refusals are raised, never answered here: config.api_errors answers them (the one mapping to HTTP).
NO_SUCH_GAME = "no such game"
NUL_REASON = "a NUL character (\\u0000) is not allowed"


MAX_ID = 2**63 - 1  # a bigger id would overflow PostgreSQL's bigint: no such game, not a 500
MAX_ADJUST_SECONDS = 864_000  # ten days either way: more is a typing error, not a correction

# The arbiter's clock body as clock_view checks it: an adjustment names the army and a number of seconds.
CLOCK_BODY = {
    "oneOf": [
        {
            "type": "object",
            "title": "ClockPauseOrResume",
            "properties": {"action": {"type": "string", "enum": ["pause", "resume"]}},
            "required": ["action"],
        },
        {
            "type": "object",
            "title": "ClockAdjust",
            "properties": {
                "action": {"type": "string", "enum": ["adjust"]},
                "side": {"type": "string", "enum": list(ARMIES)},
                "seconds": {
                    "type": "number",
                    "minimum": -MAX_ADJUST_SECONDS,
                    "maximum": MAX_ADJUST_SECONDS,
                    "description": "Seconds to add (negative: to take)",
                },
            },
            "required": ["action", "side", "seconds"],
        },
    ]
}


def _load(pk: int, user) -> Game | None:
    """The game if ``user`` may see it: the public sees published rounds of public events, arbiters see all."""
    if pk > MAX_ID:
        return None
    return visible_game(pk, user)


@extend_schema(
    responses={200: OpenApiResponse(GameStateSerializer, "The game: players, position, clocks, legal moves, result")},
    examples=STATE_EXAMPLES,
)
@api_view(["GET"])
@permission_classes([AllowAny])
def game_view(request, pk: int):
    """The live state of a game; every read checks the clock (a fallen flag ends the game first)."""
    game = _load(pk, request.user)
    if game is None:
        raise Refusal(NOT_FOUND, "game", NO_SUCH_GAME)
    now = timezone.now()
    try:
        game = refresh_for_read(game, now)
        return Response(game_detail(game, request.user, now))
    except (IllegalMoveError, InvalidPositionError) as exc:
        # Stored moves that no longer replay (data edited by hand): say so instead of failing.
        raise Refusal(CONFLICT, "game", f"the stored game does not replay: {exc}") from None


def require_login(request) -> None:
    """Refuse a caller who did not log in (checked in the views, so that it is answered like every refusal)."""
    if not request.user.is_authenticated:
        raise Refusal(UNAUTHENTICATED, "player", "log in: send the header 'Authorization: Token <your token>'")


def json_object(request, field: str, shape: str, reads: tuple[str, ...] = ()) -> dict:
    """The request body as a dict, or a refusal naming ``field`` (DRF parses lazily, so parse errors come here);
    a NUL character in a field the view ``reads`` is refused naming that field, on every database."""
    try:
        data = request.data
    except UnsupportedMediaType as exc:
        raise Refusal(UNSUPPORTED, field, f"{str(exc.detail).rstrip('.')}; send a JSON object {shape}") from None
    except ParseError as exc:
        raise Refusal(INVALID, field, f"the body is not valid JSON ({exc.detail}); send a JSON object {shape}") from None
    if not isinstance(data, dict):
        raise Refusal(INVALID, field, f"send a JSON object {shape}")
    for name, value in data.items():
        if isinstance(value, str) and "\x00" in value and name in reads:  # PostgreSQL cannot store it
            raise Refusal(INVALID, name, NUL_REASON)
    return data


class JSONOnly(DefaultContentNegotiation):
    """The move endpoint answers JSON whatever the Accept header says: parsing it per move is wasted CPU."""

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


def _json_only(view):
    view.content_negotiation_class = JSONOnly  # read by DRF's @api_view
    return view


@extend_schema(
    request=MoveInputSerializer,
    responses={200: OpenApiResponse(MoveAnswerSerializer, "The game after the move")},
    examples=MOVE_EXAMPLES,
)
@api_view(["POST"])
@renderer_classes([JSONRenderer])
@permission_classes([AllowAny])  # checked below, so that a missing login is answered like every other refusal
@_json_only
def move_view(request, pk: int):
    """Play a move (Parity Chess: seal it; Switch-Side Chain-Chess: ``SAN/S`` claims a switch)."""
    require_login(request)
    data = json_object(request, "move", "{move, client_id?}", reads=("move", "client_id"))
    if pk > MAX_ID:
        raise Refusal(NOT_FOUND, "game", NO_SUCH_GAME)
    now = timezone.now()  # the server time of this request, read once
    answer = submit_move(pk, request.user, data.get("move"), data.get("client_id", ""), now=now)
    pushed = answer.live.pushed_detail  # the state just pushed to the sockets, when it is everyone's
    body = dict(pushed) if pushed is not None and not answer.sealed else game_detail(answer.live, request.user, now)
    body["move"] = answer.move
    body["duplicate"] = answer.duplicate
    return Response(body, status=status.HTTP_200_OK)


@extend_schema(
    request={"application/json": CLOCK_BODY},
    responses={200: OpenApiResponse(GameStateSerializer, "The game with its corrected clock")},
    examples=STATE_EXAMPLES,
)
@api_view(["POST"])
@permission_classes([AllowAny])  # checked below, as in move_view
def clock_view(request, pk: int):
    """The arbiter's clock: {"action": "pause" | "resume" | "adjust", "side": "white" | "black", "seconds": ±N}.

    ``adjust`` adds (positive) or takes (negative) time from an army's clock (FIDE 7.5.5, 9.5, 12.9).
    """
    require_login(request)
    game = _load(pk, request.user)
    if game is None:
        raise Refusal(NOT_FOUND, "game", NO_SUCH_GAME)
    if not is_arbiter(request.user, game.round.event):
        raise Refusal(FORBIDDEN, "action", "only the event's arbiters, its organizer and staff may set clocks")
    data = json_object(request, "action", "{action, side?, seconds?}", reads=("action", "side"))
    delta_ms = 0
    if data.get("action") == "adjust":
        seconds = data.get("seconds")
        if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not abs(seconds) <= MAX_ADJUST_SECONDS:
            reason = f"a number of seconds to add (negative to take) is required, at most {MAX_ADJUST_SECONDS} either way"
            raise Refusal(INVALID, "seconds", reason)
        delta_ms = round(seconds * 1000)
    now = timezone.now()
    arbiter_clock(pk, str(data.get("action", "")), side=data.get("side"), delta_ms=delta_ms, now=now, by=request.user)
    return Response(game_detail(_load(pk, request.user), request.user, now))
