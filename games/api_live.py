"""The live-game API: ``GET /api/games/{id}/`` (public) and ``POST /api/games/{id}/moves/`` (the player to move)."""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import authentication, exceptions, status
from rest_framework.decorators import api_view, authentication_classes, permission_classes
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response

from games.live import MoveRejected, arbiter_clock, refresh_for_read, submit_move
from games.models import Game
from games.serializers_live import MoveInputSerializer, game_detail


class TokenAuthentication(authentication.TokenAuthentication):
    """DRF's token check in one raw query (the move path is hot; the ORM's compile of the join costs ~1 ms)."""

    def authenticate_credentials(self, key):
        from django.contrib.auth import get_user_model
        from rest_framework.authtoken.models import Token

        User = get_user_model()
        sql = (
            f"SELECT u.* FROM {User._meta.db_table} u JOIN {Token._meta.db_table} t ON t.user_id = u.id "  # noqa: S608 - table names from the models
            "WHERE t.key = %s"
        )
        users = list(User.objects.raw(sql, [key]))
        if not users:
            raise exceptions.AuthenticationFailed("Invalid token.")
        if not users[0].is_active:
            raise exceptions.AuthenticationFailed("User inactive or deleted.")
        return users[0], key


def _rejected(exc: MoveRejected) -> Response:
    return Response({"detail": exc.reason, "errors": {exc.field: [exc.reason]}}, status=exc.status)


MAX_ID = 2**63 - 1  # a bigger id would overflow PostgreSQL's bigint: no such game, not a 500


def _load(game_id: int) -> Game | None:
    if game_id > MAX_ID:
        return None
    return Game.objects.select_related("round__event", "white__user", "black__user").filter(pk=game_id).order_by().first()


@extend_schema(responses={200: OpenApiResponse(description="The game: players, position, clocks, legal moves, result")})
@api_view(["GET"])
@permission_classes([AllowAny])
def game_view(request, game_id: int):
    """The live state of a game; every read checks the clock (a fallen flag ends the game first)."""
    game = _load(game_id)
    if game is None:
        return Response({"detail": "no such game", "errors": {"game": ["no such game"]}}, status=404)
    now = timezone.now()
    game = refresh_for_read(game, now)
    return Response(game_detail(game, request.user, now))


@extend_schema(request=MoveInputSerializer, responses={200: OpenApiResponse(description="The game after the move")})
@api_view(["POST"])
@authentication_classes([TokenAuthentication, authentication.SessionAuthentication])
@permission_classes([IsAuthenticated])
def move_view(request, game_id: int):
    """Play a move (Parity Chess: seal it; Switch-Side Chain-Chess: ``SAN/S`` claims a switch)."""
    if not isinstance(request.data, dict):
        return _rejected(MoveRejected(400, "move", "send a JSON object {move, client_id?}"))
    if game_id > MAX_ID:
        return _rejected(MoveRejected(404, "game", "no such game"))
    now = timezone.now()  # the server time of this request, read once
    try:
        answer = submit_move(game_id, request.user, request.data.get("move"), request.data.get("client_id", ""), now=now)
    except MoveRejected as exc:
        return _rejected(exc)
    body = game_detail(answer.game, request.user, now)
    body["move"] = answer.move
    body["duplicate"] = answer.duplicate
    return Response(body, status=status.HTTP_200_OK)


def _may_arbitrate(user, game: Game) -> bool:
    event = game.round.event
    return bool(user.is_staff or event.organizer_id == user.pk or event.arbiters.filter(pk=user.pk).exists())


@extend_schema(responses={200: OpenApiResponse(description="The game with its corrected clock")})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def clock_view(request, game_id: int):
    """The arbiter's clock: {"action": "pause" | "resume" | "adjust", "side": "white" | "black", "seconds": ±N}.

    ``adjust`` adds (positive) or takes (negative) time from an army's clock (FIDE 7.5.5, 9.5, 12.9).
    """
    game = _load(game_id)
    if game is None:
        return _rejected(MoveRejected(404, "game", "no such game"))
    if not _may_arbitrate(request.user, game):
        return _rejected(MoveRejected(403, "action", "only the event's arbiters, its organizer and staff may set clocks"))
    data = request.data if isinstance(request.data, dict) else {}
    delta_ms = 0
    if data.get("action") == "adjust":
        try:
            delta_ms = round(float(data.get("seconds")) * 1000)
        except (TypeError, ValueError, OverflowError):
            return _rejected(MoveRejected(400, "seconds", "a number of seconds to add (negative to take) is required"))
    now = timezone.now()
    try:
        arbiter_clock(game_id, str(data.get("action", "")), side=data.get("side"), delta_ms=delta_ms, now=now)
    except MoveRejected as exc:
        return _rejected(exc)
    return Response(game_detail(_load(game_id), request.user, now))
