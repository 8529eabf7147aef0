"""The board editor's JSON (``/games/{id}/board-editor/``): for the players of a game (its report page) and the
event's arbiters (the result grid). GET gives what the editor draws first; POST turns the board set up in it into
the engine's position, with the material and the points the scoring would give (tournaments.board_editor).

Refusals are answered as the API answers them (config.api_errors): 401 to nobody logged in, 404 for a game that
does not exist or is not published to this user, 403 to anyone else, 400 naming ``position`` (or the field) for a
board the engine would not play or a malformed body."""

from __future__ import annotations

import json

from django.http import JsonResponse
from django.views.decorators.http import require_http_methods

from config.api_errors import refusal_json
from record.refusals import FORBIDDEN, INVALID, NOT_FOUND, TOO_LARGE, UNAUTHENTICATED, Refusal
from tournaments import board_editor
from tournaments.models import Game, Round
from tournaments.services.events import is_arbiter
from variants.base import InvalidPositionError
from variants.registry import VariantUnavailable

MAX_ID = 2**63 - 1
MAX_BODY = 64 * 1024
MAX_TYPED = 300  # a position field's length
VISIBLE = (Round.Status.PUBLISHED, Round.Status.COMPLETE)


def _game_for(request, game_id: int) -> Game:
    """The game, for one of its players (once its round is published) or an arbiter of its event; a Refusal else."""
    user = request.user
    if not user.is_authenticated:
        raise Refusal(UNAUTHENTICATED, "user", "log in to use the board editor")
    games = Game.objects.select_related("round__event", "white", "black")
    game = games.filter(pk=game_id).first() if game_id <= MAX_ID else None
    if game is None:
        raise Refusal(NOT_FOUND, "game", "no such game")
    if is_arbiter(user, game.round.event):
        return game
    if game.round.status not in VISIBLE:
        raise Refusal(NOT_FOUND, "game", "no such game")
    if user.pk not in (game.white.user_id, game.black.user_id):
        raise Refusal(FORBIDDEN, "game", "only the players of this game and its arbiters use its board editor")
    return game


def _body(request) -> dict:
    if len(request.body) > MAX_BODY:
        raise Refusal(TOO_LARGE, "body", "the request body is too large")
    try:
        body = json.loads(request.body or b"{}")
    except ValueError:
        raise Refusal(INVALID, "body", "send JSON: {pieces, turn, reserve, result, termination, side}") from None
    if not isinstance(body, dict):
        raise Refusal(INVALID, "body", "send a JSON object: {pieces, turn, result, termination, side}")
    return body


def _text(body: dict, name: str) -> str:
    value = body.get(name)
    return value[:40] if isinstance(value, str) else ""


@require_http_methods(["GET", "POST"])
def board_editor_view(request, game_id: int):
    try:
        game = _game_for(request, game_id)
        if request.method == "GET":
            answer = board_editor.setup(game, request.GET.get("position", "")[:MAX_TYPED])
        else:
            body = _body(request)
            claim = board_editor.Claim(_text(body, "result"), _text(body, "termination"), _text(body, "side"))
            answer = board_editor.check(game, body.get("pieces"), body.get("turn"), claim, body.get("reserve"))
    except Refusal as refusal:
        return refusal_json(refusal)
    except InvalidPositionError as exc:
        return refusal_json(Refusal(INVALID, "position", str(exc)))
    except VariantUnavailable as exc:
        return refusal_json(Refusal(INVALID, "variant", str(exc)))
    response = JsonResponse(answer)
    response["Cache-Control"] = "no-store"
    return response
