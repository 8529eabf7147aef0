"""Result reporting over the API: a player reports, the opponent confirms or disputes, an arbiter decides.

Players and arbiters send the same body (``result`` and ``termination``, games.serializers_results). The views
check who asks and what they send; the report service (games.reports) and record_result check what the game's
state allows (docs/game-states.md). Every final result goes through
:func:`tournaments.services.results.record_result`; a report only stores the server-computed points for the
opponent to see. Each POST is idempotent: repeating an identical request returns the same answer and changes
nothing.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import transaction
from django.db.models import Q
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import exceptions, status
from rest_framework.generics import ListAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.serializers import Serializer
from rest_framework.views import APIView

from games.api_filters import ReportFilter
from games.models import ResultReport
from games.reports import CLAIM_FIELDS, answer_report, note_decision, report_result
from games.serializers_results import (
    ConfirmInputSerializer,
    DisputeInputSerializer,
    GameResultSerializer,
    MyGameSerializer,
    ReportSerializer,
    ResultInputSerializer,
)
from record import game_states
from tournaments.api_filters import GameFilter
from tournaments.models import Game, Round
from tournaments.services.events import is_arbiter  # one rule: an organizer of event A is no arbiter of B
from tournaments.services.results import record_result
from variants.base import BLACK, WHITE
from variants.registry import fixed_keys

VISIBLE_ROUNDS = (Round.Status.PUBLISHED, Round.Status.COMPLETE)
_ERRORS = {
    400: OpenApiResponse(description="Invalid input: {detail, errors: {field: [reason]}}"),
    403: OpenApiResponse(description="Not a player of this game (or not an arbiter)"),
    404: OpenApiResponse(description="No such paired game"),
    409: OpenApiResponse(description="The game's state refuses it (docs/game-states.md), or nothing to answer"),
}


def seat_of(user, game: Game) -> str | None:
    if game.white.user_id == user.pk:
        return WHITE
    if game.black.user_id == user.pk:
        return BLACK
    return None


def _games():
    return Game.objects.select_related("round__event", "white__user", "black__user")


def _game(pk: int) -> Game:
    """The paired game ``pk``, or a 404 naming the field."""
    game = _games().filter(pk=pk).first()
    if game is None:
        raise exceptions.NotFound({"game": [f"no paired game with id {pk}"]})
    return game


def player_game(user, pk: int) -> tuple[Game, str]:
    """The game ``pk`` for one of its players: 404 if unknown or not yet published, 403 if not theirs."""
    game = _game(pk)
    arbiter = is_arbiter(user, game.round.event)
    if game.round.status not in VISIBLE_ROUNDS and not arbiter:
        raise exceptions.NotFound({"game": ["no published pairing with this id"]})
    seat = seat_of(user, game)
    if seat is None:
        raise exceptions.PermissionDenied({"game": ["you are not a player of this game"]})
    return game, seat


def _validation(exc: DjangoValidationError, rename: dict[str, str] | None = None) -> exceptions.ValidationError:
    errors = exc.message_dict if hasattr(exc, "error_dict") else {"non_field_errors": exc.messages}
    return exceptions.ValidationError({(rename or {}).get(k, k): v for k, v in errors.items()})


_PLAYER = {"id": 1, "name": "Anna Berger", "rating": 2150}
MY_GAME_EXAMPLE = OpenApiExample(
    "A game of yours",
    value={"id": 17, "seat": "white", "event": "spring-open", "round": 3, "board": 1, "variant": fixed_keys()[0],
            "white": _PLAYER, "black": {"id": 3, "name": "Chloé Dubois", "rating": 2045}, "status": "live",
            "result": "", "termination": "", "white_points": None, "black_points": None, "result_status": "",
            "state": "in-play"},
    response_only=True,
)  # fmt: skip
REPORT_EXAMPLE = OpenApiExample(
    "A report waiting for the opponent",
    value={"id": 5, "game": 17, "reporter": "anna", "result": "1-0", "termination": "resignation", "position": "",
           "white_points": 100.0, "black_points": 0.0, "status": "pending", "responder": None, "comment": "",
           "created_at": "2026-04-04T12:00:00Z"},
    response_only=True,
)  # fmt: skip


@extend_schema_view(get=extend_schema(examples=[MY_GAME_EXAMPLE]))
class MyGamesView(ListAPIView):
    """The games of the logged-in player, newest rounds first."""

    serializer_class = MyGameSerializer
    permission_classes = [IsAuthenticated]
    queryset = Game.objects.none()  # the model, for the filters and the schema; the rows are get_queryset's
    filterset_class = GameFilter  # event, round, status, player; pages of config.api_lists

    def get_queryset(self):
        user = self.request.user
        return (
            _games()
            .filter(Q(white__user=user) | Q(black__user=user))
            .filter(round__status__in=VISIBLE_ROUNDS)
            .order_by("-round__event__created_at", "-round__number", "board")
        )


def _validated(serializer_class: type[Serializer], data) -> dict:
    """The validated input, or a 400 naming each bad field."""
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def _claim(v: dict) -> dict:
    """The keyword arguments of compute_points / record_result in a validated report or arbiter entry."""
    return {name: v[name] for name in CLAIM_FIELDS}


class ReportView(APIView):
    """Report the result of one's own game. The server computes the points; the opponent confirms or disputes."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=ResultInputSerializer,
        responses={201: ReportSerializer, **_ERRORS},
        examples=[REPORT_EXAMPLE],
        tags=["results"],
        operation_id="games_report_create",
    )
    def post(self, request, pk: int):
        game, _seat = player_game(request.user, pk)
        v = _validated(ResultInputSerializer, request.data)
        try:
            report = report_result(game, request.user, _claim(v), v["comment"])
        except DjangoValidationError as exc:
            raise _validation(exc) from None
        return Response(ReportSerializer(report).data, status=status.HTTP_201_CREATED)


def _answer_opponent(request, pk: int, serializer_class: type[Serializer], action: str) -> Response:
    """Confirm or dispute: validate, then :func:`games.reports.answer_report`; reply the report answered. Its
    refusals (record.refusals: the game's state, one's own report, nothing to answer) are answered by
    config.api_errors."""
    game, _ = player_game(request.user, pk)
    v = _validated(serializer_class, request.data or {})
    try:
        report = answer_report(game, request.user, action, v.get("comment", ""))
    except DjangoValidationError as exc:
        raise _validation(exc) from None
    return Response(ReportSerializer(report).data)


class ConfirmView(APIView):
    """The opponent confirms the pending report: the result becomes final."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=ConfirmInputSerializer,
        responses={200: ReportSerializer, **_ERRORS},
        examples=[REPORT_EXAMPLE],
        tags=["results"],
        operation_id="games_report_confirm",
    )
    def post(self, request, pk: int):
        return _answer_opponent(request, pk, ConfirmInputSerializer, game_states.CONFIRM)


class DisputeView(APIView):
    """The opponent disputes the pending report; an arbiter then decides."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=DisputeInputSerializer,
        responses={200: ReportSerializer, **_ERRORS},
        examples=[REPORT_EXAMPLE],
        tags=["results"],
        operation_id="games_report_dispute",
    )
    def post(self, request, pk: int):
        return _answer_opponent(request, pk, DisputeInputSerializer, game_states.DISPUTE)


class ArbiterResultView(APIView):
    """An arbiter (organizer, event arbiter, staff) enters or corrects the result; open reports are settled."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=ResultInputSerializer,
        responses={200: GameResultSerializer, **_ERRORS},
        tags=["results"],
        operation_id="games_result_enter",
    )
    def post(self, request, pk: int):
        game = _game(pk)
        if not is_arbiter(request.user, game.round.event):
            raise exceptions.PermissionDenied({"game": ["only the organizer, an arbiter or staff may enter results"]})
        v = _validated(ResultInputSerializer, request.data)
        with transaction.atomic():
            try:
                game = record_result(game, **_claim(v), by=request.user)
            except DjangoValidationError as exc:
                raise _validation(exc) from None
            note_decision(game, by=request.user, comment=v["comment"])  # the hook's receiver settled the reports
        return Response(GameResultSerializer(game).data)


class GameReportsView(ListAPIView):
    """The reports of one game, for its players and the event's arbiters."""

    serializer_class = ReportSerializer
    permission_classes = [IsAuthenticated]
    queryset = ResultReport.objects.none()  # the model, for the filters and the schema
    filterset_class = ReportFilter  # status, player; pages of config.api_lists

    def get_queryset(self):
        game = _game(self.kwargs["pk"])
        if not is_arbiter(self.request.user, game.round.event):
            player_game(self.request.user, game.pk)
        return game.reports.select_related("reporter", "responder", "settled_by")
