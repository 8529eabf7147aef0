"""The dice and the rounds: roll a block, pair (unpublished), read, edit a board, delete, publish, enter results."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from record import refusals
from tournaments import api_public, services
from tournaments.api_organizer.access import OrganizerView
from tournaments.api_organizer.events import ERRORS, REFUSALS
from tournaments.api_organizer.serializers import (
    BoardPatchSerializer,
    ResultRowSerializer,
    RollSerializer,
    field_errors,
    round_payload,
)
from tournaments.api_public import BlockSerializer
from tournaments.models import Event, Round, VariantBlock
from tournaments.public.blocks import block_row
from tournaments.public.queries import MAX_ROUND_NUMBER, PUBLIC_ROUND_STATUSES
from tournaments.services.dice import rolled_text

CONFLICT = OpenApiResponse(description="The state forbids it now (published, in play): nothing changed")
MAX_BLOCK = 1000


class BoardSeatSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The player's id (what a board edit names)")
    name = serializers.CharField()
    score_before = serializers.FloatField(help_text="Points before this round")


class BoardOutSerializer(serializers.Serializer):
    board = serializers.IntegerField()
    game_id = serializers.IntegerField()
    white = BoardSeatSerializer()
    black = BoardSeatSerializer()
    result = serializers.CharField(allow_blank=True)
    termination = serializers.CharField(allow_blank=True)
    result_status = serializers.CharField(allow_blank=True)
    white_points = serializers.FloatField(allow_null=True)
    black_points = serializers.FloatField(allow_null=True)


class RoundOutSerializer(api_public.RoundSerializer):
    """A round as the public API gives it, with the organizer's keys (tournaments.api_organizer.serializers)."""

    published = serializers.BooleanField()
    starts_at = serializers.DateTimeField(allow_null=True)
    block = serializers.IntegerField(allow_null=True, help_text="The variant block the round is played in.")
    boards = BoardOutSerializer(many=True)
    rolled_now = serializers.BooleanField(required=False, help_text="Pairing had to roll the block's dice first.")
    notices = serializers.ListField(child=serializers.CharField(), required=False)


def _round(event: Event, number: int, *, staff: bool) -> Round:
    """The round: any paired round for the event's staff, a published one for everyone else; 404 otherwise."""
    rnd = None
    if 0 < number <= MAX_ROUND_NUMBER:
        rounds = event.rounds.exclude(status=Round.Status.PENDING)
        if not staff:
            rounds = rounds.filter(status__in=PUBLIC_ROUND_STATUSES)
        rnd = rounds.filter(number=number).select_related("variant_block").first()
    if rnd is None:
        raise NotFound(f"Round {number} of {event.slug!r} is not {'paired' if staff else 'published'}.")
    return rnd


class RollView(OrganizerView):
    @extend_schema(operation_id="events_blocks_roll", request=RollSerializer,
                   responses={200: BlockSerializer, 400: ERRORS, 409: CONFLICT, **REFUSALS}, tags=["organizer"])  # fmt: skip
    def post(self, request, slug: str, index: int):
        """Roll block ``index``: {how: server} reveals the committed server roll; {how: physical, roll: "6-6-2",
        roll2?} records the dice as they showed (repeatable to correct them) until the block's first round is
        paired, then 409."""
        event = self.arbiter_event(slug)
        self.where = {"block": index}
        if not 0 < index <= MAX_BLOCK or not services.has_block(event, index):  # the path names nothing: 404
            raise NotFound({"index": [f"{event.slug!r} has no block {index} (a fixed variant has none)"]})
        form = RollSerializer(data=request.data)
        if not form.is_valid():
            return self.invalid("invalid roll", field_errors(form.errors, self.where))
        data = form.validated_data
        if data["how"] == "server":
            block = services.roll_now(event, index, by=request.user)
        else:
            block = services.enter_physical_roll(
                event, index, data["roll"], data.get("roll2") or None, by=request.user, reason=data.get("reason", "")
            )
        return Response(BlockSerializer(block_row(block, services.rounds_total(event))).data)


class RoundsView(OrganizerView):
    @extend_schema(operation_id="events_rounds_pair", request=None,
                   responses={201: RoundOutSerializer, 409: CONFLICT, **REFUSALS}, tags=["organizer"])  # fmt: skip
    def post(self, request, slug: str):
        """Pair the next round, unpublished (only the event's staff see it). A block nobody rolled is rolled
        first: ``rolled_now`` is true and ``notices`` says so."""
        event = self.arbiter_event(slug)
        paired = services.pair_round_outcome(event, by=request.user)
        rnd = paired.round
        body = round_payload(event, rnd, staff=True)
        body["rolled_now"] = paired.rolled_now
        body["notices"] = []
        if body["rolled_now"]:
            block: VariantBlock = rnd.variant_block
            dice = rolled_text(block)
            body["notices"].append(f"block {block.index} had not been rolled: the server rolled it now ({dice})")
        return Response(body, status=status.HTTP_201_CREATED)


class RoundDetailView(OrganizerView, api_public.EventRoundView):
    """A round: the public view's answer for a published round (with ``published`` and ``boards`` added), and for
    the event's staff the unpublished round too; 404 to anyone else until it is published."""

    lenient_methods = ("GET",)

    def event_or_404(self, slug: str) -> Event:
        return self.visible_event(slug)

    @extend_schema(operation_id="events_round", responses={200: RoundOutSerializer, 404: OpenApiResponse(
        description="No such round, or not published and you are not the event's staff")}, tags=["events"])  # fmt: skip
    def get(self, request, slug: str, number: int):
        event = self.visible_event(slug)
        staff = services.is_arbiter(request.user, event)
        rnd = _round(event, number, staff=staff)
        mine = round_payload(event, rnd, staff=staff)
        if rnd.status not in PUBLIC_ROUND_STATUSES:
            return Response(mine)
        public = super().get(request, slug, number).data
        return Response({**public, **{key: mine[key] for key in ("published", "starts_at", "block", "boards")}})

    @extend_schema(operation_id="events_round_delete", responses={204: None, 409: CONFLICT, **REFUSALS},
                   tags=["organizer"])  # fmt: skip
    def delete(self, request, slug: str, number: int):
        """Delete an unpublished round (the last one); 409 once published."""
        event = self.arbiter_event(slug)
        services.delete_round(_round(event, number, staff=True), by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class BoardView(OrganizerView):
    @extend_schema(operation_id="events_round_board", request=BoardPatchSerializer,
                   responses={200: RoundOutSerializer, 400: ERRORS, 409: CONFLICT, **REFUSALS}, tags=["organizer"])  # fmt: skip
    def patch(self, request, slug: str, number: int, board: int):
        """Correct a board: put two players on it (``white``, ``black``; the players they replace get the bye),
        ``swap`` its colours, ``exchange`` two players, replace it by a ``forfeit`` or a ``bye``. A player already on
        another board is 400 (exchange them instead); a forbidden pairing, rematch or second bye needs ``override``
        (a reason, audited). Before publication, and after it until the board's game has a move or a result (then
        409 naming ``board``); each change after publication is announced to the event and its players."""
        event = self.arbiter_event(slug)
        self.where = {"board": board}
        rnd = _round(event, number, staff=True)
        form = BoardPatchSerializer(data=request.data)
        if not form.is_valid():
            return self.invalid("invalid board", field_errors(form.errors, self.where))
        data = form.validated_data
        if rnd.status not in (Round.Status.PAIRED, Round.Status.PUBLISHED):
            return self.refuse("round", f"round {number} is complete: its pairings can no longer change", refusals.CONFLICT)
        _correct(request.user, rnd, board, data)
        rnd.refresh_from_db()
        return Response(round_payload(event, rnd, staff=True))


def _correct(user, rnd: Round, board: int, data: dict) -> None:
    """Run the correction ``data`` names on board ``board`` of ``rnd`` (the services check and audit it)."""
    operation, override = data["operation"], data.get("override", "")
    if operation == "players":
        services.set_board(rnd, board, data["white"], data["black"], by=user, override=override)
        return
    if operation == "exchange":
        services.exchange_players(rnd, *data["exchange"], by=user, override=override)
        return
    game = rnd.games.filter(board=board).first()
    if game is None:
        raise NotFound(f"Round {rnd.number} has no board {board}.")
    if operation == "swap":
        services.swap_colours(game, by=user)
    elif operation == "forfeit":
        services.forfeit_board(game, data["forfeit"], by=user)
    else:
        services.bye_board(game, data["bye"], by=user, override=override)


class UnpublishView(OrganizerView):
    @extend_schema(operation_id="events_round_unpublish", request=None,
                   responses={200: RoundOutSerializer, 409: CONFLICT, **REFUSALS}, tags=["organizer"])  # fmt: skip
    def post(self, request, slug: str, number: int):
        """Take a published round back to paired while none of its games has a move or a result (then 409 naming
        ``round``): hidden from the public and the players again, its pairing editable; audited and announced."""
        event = self.arbiter_event(slug)
        rnd = services.unpublish_round(_round(event, number, staff=True), by=request.user)
        return Response(round_payload(event, rnd, staff=True))


class PublishView(OrganizerView):
    @extend_schema(operation_id="events_round_publish", request=None, responses={200: RoundOutSerializer, **REFUSALS},
                   tags=["organizer"])  # fmt: skip
    def post(self, request, slug: str, number: int):
        """Publish the round (idempotent): public from now on. A draft event is announced with it."""
        event = self.arbiter_event(slug)
        rnd = services.publish_round(_round(event, number, staff=True), by=request.user)
        event.refresh_from_db()
        return Response(round_payload(event, rnd, staff=True))


class ResultsView(OrganizerView):
    @extend_schema(operation_id="events_round_results", request=ResultRowSerializer(many=True, min_length=1),
                   responses={200: RoundOutSerializer, 400: ERRORS, 409: CONFLICT, **REFUSALS}, tags=["organizer"])  # fmt: skip
    def post(self, request, slug: str, number: int):
        """Enter or correct results: [{board, result, termination, forcing_side?, checking_side?, position?}].
        Every row is checked first; any bad row is 400 listing every bad row by board and field, nothing saved."""
        event = self.arbiter_event(slug)
        rnd = _round(event, number, staff=True)
        rows = request.data
        if isinstance(rows, dict) and isinstance(rows.get("results"), list):
            rows = rows["results"]
        if not isinstance(rows, list):
            return self.refuse("body", "a list of results [{board, result, termination, ...}] is expected")
        services.enter_results(rnd, rows, by=request.user)
        rnd.refresh_from_db()
        return Response(round_payload(event, rnd, staff=True))
