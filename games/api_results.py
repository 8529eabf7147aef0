"""Result reporting over the API: a player reports, the opponent confirms or disputes, an arbiter decides.

Every final result goes through :func:`tournaments.services.results.record_result`; a report only stores the server-computed
points for the opponent to see. Each POST is idempotent: repeating an identical request returns the same answer
and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import transaction
from django.db.models import Q
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, status
from rest_framework.generics import ListAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.serializers import Serializer
from rest_framework.views import APIView

from games.models import ResultReport
from games.reports import OPEN, OUTCOMES, record_report, resolve_open_reports
from games.serializers_results import (
    ArbiterResultInputSerializer,
    ConfirmInputSerializer,
    DisputeInputSerializer,
    GameResultSerializer,
    MyGameSerializer,
    ReportInputSerializer,
    ReportSerializer,
)
from tournaments.models import Game, Round
from tournaments.services.events import is_arbiter  # one rule: an organizer of event A is no arbiter of B
from tournaments.services.results import compute_points, record_result
from variants.base import BLACK, WHITE

VISIBLE_ROUNDS = (Round.Status.PUBLISHED, Round.Status.COMPLETE)
_ERRORS = {
    400: OpenApiResponse(description="Invalid input: {detail, errors: {field: [reason]}}"),
    403: OpenApiResponse(description="Not a player of this game (or not an arbiter)"),
    404: OpenApiResponse(description="No such paired game"),
    409: OpenApiResponse(description="Conflicts with the game's current result or reports"),
}


class Conflict(exceptions.APIException):
    status_code = status.HTTP_409_CONFLICT
    default_detail = "conflicts with the current state of the game"
    default_code = "conflict"


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


def _lock(game: Game) -> Game:
    return _games().select_for_update(of=("self",)).get(pk=game.pk)


class MyGamesView(ListAPIView):
    """The games of the logged-in player, newest rounds first."""

    serializer_class = MyGameSerializer
    permission_classes = [IsAuthenticated]
    pagination_class = None

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


def _claim(v: dict, result: str) -> dict:
    """The keyword arguments of compute_points / record_result for a validated report or arbiter entry."""
    return {
        "result": result,
        "termination": v["termination"],
        "position": v["position"],
        "checking_side": v["checking_side"],
        "forcing_side": v["forcing_side"],
    }


def _answer(report: ResultReport, answered_status: str, by, *fields: str) -> None:
    """Mark ``report`` confirmed or disputed by its opponent ``by`` (saving any other ``fields`` changed)."""
    report.status = answered_status
    report.responder = by
    report.save(update_fields=["status", "responder", *fields, "updated_at"])


def _set_result_status(game: Game, result_status: str) -> None:
    game.result_status = result_status
    game.save(update_fields=["result_status"])


class ReportView(APIView):
    """Report the result of one's own game. The server computes the points; the opponent confirms or disputes."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=ReportInputSerializer,
        responses={201: ReportSerializer, **_ERRORS},
        tags=["results"],
        operation_id="games_report_create",
    )
    def post(self, request, pk: int):
        game, seat = player_game(request.user, pk)
        v = _validated(ReportInputSerializer, request.data)
        claim = _claim(v, OUTCOMES[v["outcome"]])
        try:
            white, black = compute_points(game, **claim)
        except DjangoValidationError as exc:
            raise _validation(exc, {"result": "outcome"}) from None

        with transaction.atomic():
            game = _lock(game)
            mine = game.reports.filter(reporter=request.user)
            same = mine.filter(outcome=v["outcome"], termination=v["termination"], position=v["position"]).exclude(
                status=ResultReport.Status.SUPERSEDED
            )
            existing = same.first()
            if existing is not None:  # an identical retry
                return Response(ReportSerializer(existing).data, status=status.HTTP_201_CREATED)
            if game.result_status == Game.ResultStatus.FINAL:
                raise Conflict({"outcome": [f"the game's result {game.result} ({game.termination}) is final; ask an arbiter"]})
            mine.filter(status__in=OPEN).update(status=ResultReport.Status.SUPERSEDED)
            report = ResultReport(
                game=game,
                reporter=request.user,
                outcome=v["outcome"],
                termination=v["termination"],
                position=v["position"],
                white_points=white,
                black_points=black,
                comment=v["comment"],
            )
            theirs = game.reports.filter(status=ResultReport.Status.PENDING).exclude(reporter=request.user).first()
            if theirs is None:
                report.status = ResultReport.Status.PENDING
                _set_result_status(game, Game.ResultStatus.REPORTED)
            elif (
                theirs.outcome == report.outcome
                and theirs.termination == report.termination
                and (theirs.white_points, theirs.black_points) == (white, black)
            ):
                # Both players reported the same: that is a confirmation.
                record_result(game, **claim, by=request.user)
                report.status = ResultReport.Status.CONFIRMED
                _answer(theirs, ResultReport.Status.CONFIRMED, request.user)
            else:
                report.status = ResultReport.Status.DISPUTED
                _answer(theirs, ResultReport.Status.DISPUTED, request.user)
                _set_result_status(game, Game.ResultStatus.DISPUTED)
            report.save()
        return Response(ReportSerializer(report).data, status=status.HTTP_201_CREATED)


def _opponents_report(game: Game, user, answered_status: str) -> tuple[ResultReport | None, bool]:
    """(report to answer, already answered). Raises 403 for one's own report and 409 when nothing is open."""
    pending = game.reports.filter(status=ResultReport.Status.PENDING)
    theirs = pending.exclude(reporter=user).first()
    if theirs is not None:
        return theirs, False
    answered = game.reports.filter(status=answered_status, responder=user).exclude(reporter=user).first()
    if answered is not None:
        return answered, True
    if pending.filter(reporter=user).exists():
        raise exceptions.PermissionDenied({"report": ["this is your own report: your opponent must answer it"]})
    raise Conflict({"report": ["there is no report from your opponent awaiting an answer"]})


def _answer_opponent(
    request,
    pk: int,
    serializer_class: type[Serializer],
    answered_status: str,
    act: Callable[[Game, ResultReport, dict, object], None],
) -> Response:
    """The shared handling of confirm and dispute: validate, lock the game, find the opponent's report and, unless
    this answer was already given (an identical retry), ``act(game, report, input, user)`` on it; reply the report."""
    game, _ = player_game(request.user, pk)
    v = _validated(serializer_class, request.data or {})
    with transaction.atomic():
        game = _lock(game)
        report, done = _opponents_report(game, request.user, answered_status)
        if not done:
            act(game, report, v, request.user)
    return Response(ReportSerializer(report).data)


def _confirm(game: Game, report: ResultReport, v: dict, by) -> None:
    try:
        record_report(report, by=by)
    except DjangoValidationError as exc:
        raise _validation(exc) from None
    _answer(report, ResultReport.Status.CONFIRMED, by)


def _dispute(game: Game, report: ResultReport, v: dict, by) -> None:
    report.comment = v["comment"] or report.comment
    _answer(report, ResultReport.Status.DISPUTED, by, "comment")
    _set_result_status(game, Game.ResultStatus.DISPUTED)


class ConfirmView(APIView):
    """The opponent confirms the pending report: the result becomes final."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=ConfirmInputSerializer,
        responses={200: ReportSerializer, **_ERRORS},
        tags=["results"],
        operation_id="games_report_confirm",
    )
    def post(self, request, pk: int):
        return _answer_opponent(request, pk, ConfirmInputSerializer, ResultReport.Status.CONFIRMED, _confirm)


class DisputeView(APIView):
    """The opponent disputes the pending report; an arbiter then decides."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=DisputeInputSerializer,
        responses={200: ReportSerializer, **_ERRORS},
        tags=["results"],
        operation_id="games_report_dispute",
    )
    def post(self, request, pk: int):
        return _answer_opponent(request, pk, DisputeInputSerializer, ResultReport.Status.DISPUTED, _dispute)


class ArbiterResultView(APIView):
    """An arbiter (organizer, event arbiter, staff) enters or corrects the result; open reports are resolved."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=ArbiterResultInputSerializer,
        responses={200: GameResultSerializer, **_ERRORS},
        tags=["results"],
        operation_id="games_result_enter",
    )
    def post(self, request, pk: int):
        game = _game(pk)
        if not is_arbiter(request.user, game.round.event):
            raise exceptions.PermissionDenied({"game": ["only the organizer, an arbiter or staff may enter results"]})
        v = _validated(ArbiterResultInputSerializer, request.data)
        with transaction.atomic():
            try:
                game = record_result(game, **_claim(v, v["result"]), by=request.user)
            except DjangoValidationError as exc:
                raise _validation(exc) from None
            resolve_open_reports(game, by=request.user, comment=v["comment"] or "resolved by an arbiter")
        return Response(GameResultSerializer(game).data)


class GameReportsView(ListAPIView):
    """The reports of one game, for its players and the event's arbiters."""

    serializer_class = ReportSerializer
    permission_classes = [IsAuthenticated]
    pagination_class = None

    def get_queryset(self):
        game = _game(self.kwargs["pk"])
        if not is_arbiter(self.request.user, game.round.event):
            player_game(self.request.user, game.pk)
        return game.reports.select_related("reporter", "responder")
