"""The public read API (no login): events, an event's details, its standings and the pairings of a round.

The same data as the public pages, from the same reads (:mod:`tournaments.public`): public events only,
published rounds only, final results only, standings from the snapshot. Unknown slugs and unpublished rounds answer 404 JSON.
"""

from __future__ import annotations

import contextlib

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import exceptions, serializers
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import NotFound
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import TokenAuthentication
from config.api_fields import RegistryChoiceField
from scoring import profile_choices
from tournaments.api_filters import EventFilter
from tournaments.api_organizer.serializers_sections import SectionSerializer, section_rows
from tournaments.api_pairing_field import PairingSystemField
from tournaments.api_provisional import PROVISIONAL, wants_provisional
from tournaments.api_sections import in_section
from tournaments.api_standings import StandingsSerializer
from tournaments.models import Bye, Event
from tournaments.public import progress, provisional, queries
from tournaments.public.blocks import event_blocks
from tournaments.public.queries import MAX_ROUND_NUMBER
from tournaments.public.round_view import explained_rows
from tournaments.public.variant import current_variant, variant_from_block
from tournaments.services.events import is_arbiter
from tournaments.services.sections import holder_of, sections_of
from tournaments.team_results import standings_rows
from variants import policies


class ErrorSerializer(serializers.Serializer):
    detail = serializers.CharField(read_only=True)


class PlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    name = serializers.CharField(read_only=True, help_text="The name the event shows (never a login username).")
    rating = serializers.IntegerField(read_only=True)


class RegisteredPlayerSerializer(PlayerSerializer):
    seed = serializers.IntegerField(read_only=True, help_text="Starting rank.")
    federation = serializers.CharField(read_only=True)
    status = serializers.CharField(read_only=True)


class PolicyField(serializers.ChoiceField):
    """The event's draw by its public name (variants.policies: ``fixed`` or a rolled engine's draw, such as
    ``rvc-two-rolls``), read from the event's policy, variant and options."""

    def __init__(self, **kwargs):
        kwargs.setdefault("source", "draw.name")
        super().__init__(choices=[draw.name for draw in policies.draws()], **kwargs)


class EventSummarySerializer(serializers.Serializer):
    slug = serializers.SlugField(read_only=True)
    name = serializers.CharField(read_only=True)
    format = PairingSystemField(read_only=True)
    status = serializers.ChoiceField(choices=Event.Status.choices, read_only=True)
    variant_policy = PolicyField(read_only=True)
    variant = serializers.CharField(source="variant_key", read_only=True, help_text="Empty under a pool.")
    pool = serializers.SerializerMethodField(help_text="A pool's variant keys, in the order they are drawn from.")
    scoring = RegistryChoiceField(choices=profile_choices, read_only=True)
    rounds_planned = serializers.IntegerField(read_only=True)
    starts_on = serializers.DateField(read_only=True, allow_null=True)
    url = serializers.SerializerMethodField()

    def get_pool(self, event: Event) -> list[str]:
        return policies.pool_of(event.variant_options) if policies.draws_from_pool(event.variant_policy) else []

    def get_url(self, event: Event) -> str:
        request = self.context.get("request")
        path = f"/api/events/{event.slug}/"
        return request.build_absolute_uri(path) if request else path


class RoundLinkSerializer(serializers.Serializer):
    number = serializers.IntegerField(read_only=True)
    status = serializers.CharField(read_only=True)
    published_at = serializers.DateTimeField(read_only=True, allow_null=True)
    starts_at = serializers.DateTimeField(read_only=True, allow_null=True)


class VariantSerializer(serializers.Serializer):
    round = serializers.IntegerField(read_only=True, allow_null=True, help_text="The latest published round using it.")
    block = serializers.IntegerField(read_only=True, allow_null=True, help_text="k: the block covers rounds 2k-1, 2k.")
    rounds = serializers.ListField(child=serializers.IntegerField(), read_only=True)
    variant = serializers.CharField(read_only=True)
    variant_name = serializers.CharField(read_only=True)
    method = serializers.CharField(read_only=True)
    first_roll = serializers.CharField(read_only=True)
    second_roll = serializers.CharField(read_only=True)
    array = serializers.ListField(child=serializers.CharField(), read_only=True)
    castling = serializers.CharField(read_only=True)
    start_position = serializers.CharField(read_only=True)
    commitment = serializers.CharField(read_only=True, help_text="SHA-256 of the secret seed, published before the roll.")
    seed = serializers.CharField(read_only=True, help_text="The secret seed; empty until the roll is made.")


class BlockSerializer(serializers.Serializer):
    """A variant block's dice (tournaments.public.blocks): the commitment before the roll, the roll once revealed."""

    index = serializers.IntegerField(read_only=True, help_text="k: the block covers rounds 2k-1 and 2k.")
    first_round = serializers.IntegerField(read_only=True)
    last_round = serializers.IntegerField(read_only=True)
    commitment = serializers.CharField(read_only=True, allow_null=True, help_text="SHA-256 of the server seed.")
    how = serializers.ChoiceField(choices=["server", "physical"], read_only=True, allow_null=True)
    roll = serializers.CharField(read_only=True, allow_null=True, help_text="As the dice showed it; null until rolled.")
    roll2 = serializers.CharField(read_only=True, allow_null=True)
    canonical = serializers.ListField(child=serializers.CharField(), read_only=True)
    seed = serializers.CharField(read_only=True, allow_null=True, help_text="Null until the server's roll is revealed.")
    identity = serializers.CharField(read_only=True, allow_null=True, help_text="What the dice derive from (--block).")
    replaced_reason = serializers.CharField(read_only=True, allow_null=True)
    array = serializers.ListField(child=serializers.CharField(), read_only=True)
    variant = serializers.CharField(
        read_only=True, allow_null=True, help_text="A pool's block: the variant drawn; null until revealed (and for dice)."
    )
    rolled_at = serializers.DateTimeField(read_only=True, allow_null=True)


class EventDetailSerializer(EventSummarySerializer):
    time_control = serializers.CharField(read_only=True)
    chief_arbiter = serializers.CharField(read_only=True, help_text="The chief arbiter's name as the organizer gave it.")
    rated = serializers.BooleanField(read_only=True, help_text="Its finished games count for the rating lists.")
    seed_by = serializers.ChoiceField(choices=Event.SeedBy.values, read_only=True,
                                      help_text="Where the seeding reads ratings: typed, or the rating list.")  # fmt: skip
    tiebreaks = serializers.SerializerMethodField()
    rounds = serializers.SerializerMethodField()
    current_variant = serializers.SerializerMethodField()
    players = serializers.SerializerMethodField()
    blocks = serializers.SerializerMethodField()
    competitor = serializers.ChoiceField(choices=["player", "team"], read_only=True, help_text="Who is paired.")
    boards = serializers.IntegerField(read_only=True, help_text="Boards of a team match (0: an event of players).")
    sections = serializers.SerializerMethodField()
    section = serializers.SerializerMethodField(help_text="The slug of the section this answer is about.")

    def to_representation(self, event: Event) -> dict:
        data = super().to_representation(event)
        holder = holder_of(event)
        if holder.pk != event.pk:  # a section's row answers as its event, naming the section (issue 27)
            data["slug"] = holder.slug
            data["url"] = self.get_url(holder) + f"?section={data['section']}"
        return data

    def get_section(self, event: Event) -> str:
        return next((section.slug for section in sections_of(holder_of(event)) if section.body_id == event.pk), "")

    @extend_schema_field(SectionSerializer(many=True))
    def get_sections(self, event: Event) -> list:
        """The event's sections, the first the default (this answer is about the one ``?section=`` named)."""
        return SectionSerializer(section_rows(sections_of(holder_of(event))), many=True).data

    @extend_schema_field(BlockSerializer(many=True))
    def get_blocks(self, event: Event) -> list:
        request = self.context.get("request")
        staff = request is not None and is_arbiter(request.user, event)  # the event's staff see a roll before publication
        return BlockSerializer(event_blocks(event, public=not staff), many=True).data

    def get_tiebreaks(self, event: Event) -> list[str]:
        return queries.event_tiebreak_codes(event)

    @extend_schema_field(RoundLinkSerializer(many=True))
    def get_rounds(self, event: Event) -> list:
        return RoundLinkSerializer(queries.published_rounds(event), many=True).data

    @extend_schema_field(VariantSerializer(allow_null=True))
    def get_current_variant(self, event: Event) -> dict | None:
        variant = current_variant(event)
        return VariantSerializer(variant).data if variant else None

    @extend_schema_field(RegisteredPlayerSerializer(many=True))
    def get_players(self, event: Event) -> list:
        rows = [
            {**queries.player_object(r.player), "seed": r.seed, "federation": r.player.federation, "status": r.status}
            for r in queries.event_players(event)
        ]
        return RegisteredPlayerSerializer(rows, many=True).data


class BoardPlayerSerializer(PlayerSerializer):
    federation = serializers.CharField(read_only=True)
    score_before = serializers.FloatField(read_only=True, help_text="Points before the round (standings after the one before).")


class GameRowSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    board = serializers.IntegerField(read_only=True)
    white = BoardPlayerSerializer(read_only=True)
    black = BoardPlayerSerializer(read_only=True)
    variant = serializers.CharField(read_only=True)
    first_roll = serializers.CharField(read_only=True)
    second_roll = serializers.CharField(read_only=True)
    result = serializers.CharField(read_only=True, help_text="1-0, 0-1, 1/2-1/2 (or 0-0); empty until final.")
    termination = serializers.CharField(read_only=True)
    white_points = serializers.FloatField(read_only=True, allow_null=True)
    black_points = serializers.FloatField(read_only=True, allow_null=True)
    result_status = serializers.CharField(read_only=True)
    status = serializers.CharField(read_only=True)
    explanation = serializers.CharField(
        read_only=True, help_text="Why these two meet and why each has their colour (the pairing system's rules, in words)."
    )


class ByeRowSerializer(serializers.Serializer):
    player = BoardPlayerSerializer(read_only=True)
    kind = serializers.ChoiceField(choices=Bye.Kind.choices, read_only=True)
    points = serializers.FloatField(read_only=True)


class RoundSerializer(serializers.Serializer):
    event = serializers.CharField(read_only=True)
    number = serializers.IntegerField(read_only=True)
    status = serializers.CharField(read_only=True)
    published_at = serializers.DateTimeField(read_only=True, allow_null=True)
    variant = VariantSerializer(read_only=True, allow_null=True)
    games = GameRowSerializer(many=True, read_only=True)
    byes = ByeRowSerializer(many=True, read_only=True)


NOT_FOUND = OpenApiResponse(ErrorSerializer, description="No public event with this slug (or no such published round).")


class PublicAPIView(APIView):
    """Read-only and open to everyone; a stale or wrong token header must not turn a public read into a 401. A
    valid token (or session) shows its holder what else they may see: a private event they organize, arbitrate
    or play in (``Event.objects.visible_to``)."""

    authentication_classes = [TokenAuthentication, SessionAuthentication]
    permission_classes = [AllowAny]
    lenient_methods = ("GET",)  # config.api_schema: no 401 is listed for a lenient read

    def perform_authentication(self, request):
        with contextlib.suppress(exceptions.AuthenticationFailed):  # the public: request.user is already anonymous
            super().perform_authentication(request)

    def event_or_404(self, slug: str) -> Event:
        # Any text reaches here (the route takes any path segment, so every unknown slug gets a JSON 404); a NUL
        # character would make PostgreSQL refuse the query, and no slug is longer than the field allows.
        visible = Event.objects.visible_to(self.request.user)
        event = None if "\x00" in slug or len(slug) > 100 else visible.filter(slug=slug).first()
        if event is None:
            raise NotFound(f"No public event with slug {slug!r}.")
        return in_section(self.request, event)


class EventListView(PublicAPIView, GenericAPIView):
    """A page of the public events, newest first; ``?status=`` and ``?player=`` filter it (tournaments.api_filters)."""

    queryset = Event.objects.none()  # the model, for the filters and the schema; the rows are get_queryset's
    serializer_class = EventSummarySerializer
    filterset_class = EventFilter

    def get_queryset(self):
        return queries.public_events().order_by("-created_at", "-id")

    @extend_schema(operation_id="events_list", responses=EventSummarySerializer(many=True), tags=["events"])
    def get(self, request):
        """The public events, newest first."""
        events = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response(EventSummarySerializer(events, many=True, context={"request": request}).data)


class EventDetailView(PublicAPIView):
    @extend_schema(operation_id="events_retrieve", responses={200: EventDetailSerializer, 404: NOT_FOUND}, tags=["events"])
    def get(self, request, slug: str):
        """An event: its settings, published rounds, current variant and registered players."""
        event = self.event_or_404(slug)
        return Response(EventDetailSerializer(event, context={"request": request}).data)


AFTER = OpenApiParameter(
    "after",
    {"type": "integer", "minimum": 1, "maximum": MAX_ROUND_NUMBER},
    description="The standings as they stood after this round (1 to the last published round; a round not published "
    "yet is a 404 naming `after`).",
    required=False,
)
BAD_AFTER = OpenApiResponse(ErrorSerializer, description="`after` is not a round number.")
NO_AFTER = OpenApiResponse(ErrorSerializer, description="No public event with this slug, or `after` names no published round.")


class EventStandingsView(PublicAPIView):
    @extend_schema(
        operation_id="events_standings",
        parameters=[AFTER, PROVISIONAL],
        responses={200: StandingsSerializer, 400: BAD_AFTER, 404: NO_AFTER},
        tags=["events"],
    )
    def get(self, request, slug: str):
        """The published standings (from the snapshot) with tiebreaks and the crosstable; ``?after=N``: as they
        stood after round N, computed from rounds 1..N; ``?provisional=1``: as if every game in play ended now."""
        event = self.event_or_404(slug)
        if request.query_params.get("after") == "":
            raise serializers.ValidationError({"after": ["give a round number, or leave the parameter out"]})
        try:
            after = progress.parse_after(request.query_params.get("after"), event)
        except progress.AfterError as error:
            # A round number that names no published round is a missing object, not bad input (the schema's bounds).
            text = request.query_params.get("after", "")
            missing = text.isascii() and text.isdigit() and 1 <= int(text) <= MAX_ROUND_NUMBER
            raise (NotFound if missing else serializers.ValidationError)({error.field: [str(error)]}) from None
        if wants_provisional(request.query_params.get("provisional")):
            if after is not None and after != progress.last_published_round(event):  # only the current ones can be
                reason = f"the provisional standings are the current ones, not those after round {after}"
                raise NotFound({"provisional": [reason]})
            return Response(_payload(event, provisional.provisional_standings(event), after, True))
        # The snapshot already has the documented shape; running 500 rows and their crosstable through the
        # serializer would only copy them (it costs more than the rest of the request).
        return Response(_payload(event, progress.standings_after(event, after), after, False))


def _payload(event: Event, data: dict | None, after: int | None, provisional_table: bool) -> dict:
    return {
        "event": event.slug,
        "published": data is not None,
        "computed_at": (data or {}).get("computed_at"),
        "rounds_complete": (data or {}).get("rounds_complete", 0),
        "provisional": provisional_table,
        "after": after,
        "tiebreaks": (data or {}).get("tiebreaks", []),
        "rows": (data or {}).get("rows", []),
        "teams": standings_rows(event, after) if event.competitor == "team" else [],
        "crosstable": (data or {}).get("crosstable", {}),
        "live_games": (data or {}).get("live_games", []),
    }


class EventRoundView(PublicAPIView):
    @extend_schema(operation_id="events_round", responses={200: RoundSerializer, 404: NOT_FOUND}, tags=["events"])
    def get(self, request, slug: str, number: int):
        """The pairings of a published round: games with their results and points, and the byes."""
        event = self.event_or_404(slug)
        rnd = queries.published_round(event, number)
        if rnd is None:
            raise NotFound(f"Round {number} of {event.slug!r} is not published.")
        variant = variant_from_block(event, rnd, rnd.variant_block) if rnd.variant_block else None
        before = queries.scores_before(rnd)
        payload = {
            "event": event.slug,
            "number": rnd.number,
            "status": rnd.status,
            "published_at": rnd.published_at,
            "variant": variant,
            "games": explained_rows(rnd, queries.round_games(rnd), before),
            "byes": [queries.bye_row(b, before) for b in queries.round_byes(rnd)],
        }
        return Response(RoundSerializer(payload).data)
