"""Game actions over the API: resign, draw offers, claims (the players of the game, logged in).

* ``POST /api/games/{id}/resign/`` -> 200 with the game state (``termination: "resignation"``).
* ``POST /api/games/{id}/draw/`` {action: offer | accept | decline, move?} -> 200 with the state, whose
  ``draw_offer`` is ``{"by": "white" | "black"}`` (the seat, the person) or null.
* ``POST /api/games/{id}/claim/`` {kind: threefold-repetition | fifty-moves | perpetual-check, action?: claim |
  concede | refuse, move?} -> 200 with the ended game, or 202 {status: "pending", awaiting, game} while the claim
  waits for the opponent, the arbiter or (Parity Chess) the end of the turn, or 400 with the reason.

Refusals are ``{"detail", "errors": {field: [reason]}}`` with 401 (no login), 403 (not playing), 404, 409 (the game
is over, an offer already stands, nothing to answer) or 400 (bad input, a claim the position does not support),
and change nothing. Every change is pushed to the game's sockets.
"""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from config.api_schema import NO_NUL, NON_BLANK
from games.api_live import MAX_ID, NO_SUCH_GAME, json_object, require_login
from games.play.claims import CLAIM_ACTIONS, CLAIM_KINDS, PERPETUAL_CHECK, claim
from games.play.resign_draw import DRAW_ACTIONS, ActionAnswer, draw, resign
from games.schema_live import PENDING_EXAMPLES, STATE_EXAMPLES, GameStateSerializer, PendingSerializer
from games.serializers_live import game_detail
from record.refusals import INVALID, NOT_FOUND, Refusal
from variants.registry import get_engine

ENDED = OpenApiResponse(GameStateSerializer, "The game state (ended, or with the offer or claim shown)")
PENDING = OpenApiResponse(PendingSerializer, "The claim waits for the opponent, the arbiter or the end of the turn")
REFUSED = OpenApiResponse(description="{detail, errors: {field: [reason]}}; nothing changed")

# The bodies as play checks them (games.play): a move goes only with an offer or a claim, and only a perpetual-check
# claim is conceded or refused. Written as JSON Schema because those rules tie one field to another.
_MOVE = {"type": "string", "minLength": 1, "pattern": NON_BLANK, "description": "A move in the notation of legal_moves"}
_CLIENT_ID = {"type": "string", "maxLength": 64, "nullable": True, "pattern": NO_NUL,
              "description": "Makes a retried move count once"}  # fmt: skip
DRAW_BODY = {
    "oneOf": [
        {
            "type": "object",
            "title": "DrawOffer",
            "properties": {
                "action": {"type": "string", "enum": ["offer"]},
                "move": {**_MOVE, "description": "The move made with the offer (Parity Chess: sealed)"},
                "client_id": _CLIENT_ID,
            },
            "required": ["action"],
        },
        {
            "type": "object",
            "title": "DrawAnswer",
            "properties": {
                "action": {"type": "string", "enum": [a for a in DRAW_ACTIONS if a != "offer"]},
                "client_id": _CLIENT_ID,
            },
            "required": ["action"],
            "not": {"required": ["move"]},
        },
    ]
}
CLAIM_BODY = {
    "oneOf": [
        {
            "type": "object",
            "title": "Claim",
            "properties": {
                "kind": {"type": "string", "enum": list(CLAIM_KINDS)},
                "action": {"type": "string", "enum": ["claim"], "default": "claim"},
                "move": {**_MOVE, "description": "The move that completes the repetition or the fifty moves"},
                "client_id": _CLIENT_ID,
            },
            "required": ["kind"],
        },
        {
            "type": "object",
            "title": "ClaimAnswer",
            "properties": {
                "kind": {"type": "string", "enum": [PERPETUAL_CHECK]},
                "action": {"type": "string", "enum": [a for a in CLAIM_ACTIONS if a != "claim"]},
                "client_id": _CLIENT_ID,
            },
            "required": ["kind", "action"],
            "not": {"required": ["move"]},
        },
    ]
}


def _state(answer: ActionAnswer, user, now: datetime) -> dict:
    """The state after the action; the one just pushed to the sockets when everybody sees the same."""
    pushed = answer.live.pushed_detail
    if pushed is not None and not get_engine(answer.game.variant).simultaneous:
        return dict(pushed)
    return game_detail(answer.live, user, now)


def _run(request, pk: int, shape: str, field: str, action) -> Response:
    """Authenticate, read the JSON body, run ``action(data, now)`` and answer 200 or 202; a refusal is raised
    (config.api_errors answers it)."""
    require_login(request)
    data = json_object(request, field, shape, reads=("action", "kind", "move", "client_id")) if shape else {}
    if pk > MAX_ID:
        raise Refusal(NOT_FOUND, "game", NO_SUCH_GAME)
    now = timezone.now()
    answer = action(data, now)
    state = _state(answer, request.user, now)
    if answer.pending:
        return Response({"status": "pending", "awaiting": answer.pending, "game": state}, status=202)
    return Response(state)


@extend_schema(
    request=None,
    responses={200: ENDED, 401: REFUSED, 403: REFUSED, 404: REFUSED, 409: REFUSED},
    examples=STATE_EXAMPLES,
)
@api_view(["POST"])
@permission_classes([AllowAny])  # checked in _run, so that a missing login is answered like every other refusal
def resign_view(request, pk: int):
    """Resign: the opponent wins (also while the arbiter has paused the clocks)."""
    return _run(request, pk, "", "player", lambda data, now: resign(pk, request.user, now))


@extend_schema(
    request={"application/json": DRAW_BODY},
    responses={200: ENDED, 400: REFUSED, 401: REFUSED, 403: REFUSED, 404: REFUSED, 409: REFUSED},
    examples=STATE_EXAMPLES,
)
@api_view(["POST"])
@permission_classes([AllowAny])
def draw_view(request, pk: int):
    """Offer a draw (one open offer; it stands until the opponent answers or moves), accept or decline one."""

    def act(data: dict, now: datetime) -> ActionAnswer:
        return draw(pk, request.user, data.get("action"), data.get("move"), _client_id(data), now)

    return _run(request, pk, "{action: offer | accept | decline, move?}", "action", act)


@extend_schema(
    request={"application/json": CLAIM_BODY},
    responses={200: ENDED, 202: PENDING, 400: REFUSED, 401: REFUSED, 403: REFUSED, 404: REFUSED, 409: REFUSED},
    examples=STATE_EXAMPLES + PENDING_EXAMPLES,
)
@api_view(["POST"])
@permission_classes([AllowAny])
def claim_view(request, pk: int):
    """Claim threefold repetition, the fifty-move rule or perpetual check; concede or refuse a perpetual-check claim."""

    def act(data: dict, now: datetime) -> ActionAnswer:
        action = data.get("action", "claim")
        return claim(pk, request.user, data.get("kind"), action, data.get("move"), _client_id(data), now)

    return _run(request, pk, "{kind, action?: claim | concede | refuse, move?}", "kind", act)


def _client_id(data: dict) -> str:
    value = data.get("client_id", "")
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > 64:
        raise Refusal(INVALID, "client_id", "must be a string of at most 64 characters")
    return value.strip()
