"""The ratings API: the lists and series, a player across events, one rating list's history, a rating list, series.

Reads are public (a token shows its holder the private events they may see, as the events API does); making a
series needs a login and the events' organizer. Names are the ones events show, never a login username.
"""

from __future__ import annotations

from datetime import timedelta

import django_filters
from django.db.models import Count, Q
from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from ratings import profile
from ratings import series as series_service
from ratings.models import Rating, RatingHistory, Series
from ratings.serializers import (
    HistoryEntrySerializer,
    IndexSerializer,
    ListEntrySerializer,
    PlayerSerializer,
    SeriesCreateSerializer,
    SeriesSerializer,
)
from tournaments.api_filters import StrictFilterSet
from tournaments.api_public import ErrorSerializer, PublicAPIView
from variants.registry import rating_keys, rating_name

ACTIVE_DAYS = 365  # a rating is active while its holder played a rated game this recently

PLAYER_ID = OpenApiParameter("id", int, OpenApiParameter.PATH, description="The player's id (any event's player row "
                             "of the person).")  # fmt: skip
KEY = OpenApiParameter("key", {"type": "string", "enum": rating_keys()}, OpenApiParameter.PATH,
                       description="The rating list: a variant's key (a rolled variant's key is its whole family).")  # fmt: skip
SERIES_SLUG = OpenApiParameter("slug", str, OpenApiParameter.PATH, description="The series' slug.")
NO_PLAYER = OpenApiResponse(ErrorSerializer, description="No such player in an event you may see.")
NO_LIST = OpenApiResponse(ErrorSerializer, description="No such player, or no such rating list.")


def active_since():
    return timezone.now() - timedelta(days=ACTIVE_DAYS)


def index() -> dict:
    """Every rating list (how many are rated in it: active, and in all) and every series, newest first."""
    active = Count("id", filter=Q(last_played__gte=active_since()))
    counts = {row["key"]: row for row in Rating.objects.values("key").annotate(everyone=Count("id"), active=active)}
    empty = {"active": 0, "everyone": 0}
    lists = [{"key": k, "name": rating_name(k), **{n: counts.get(k, empty)[n] for n in empty}} for k in rating_keys()]
    series = Series.objects.annotate(events=Count("entries")).order_by("-created_at")
    return {"lists": lists, "series": [{"slug": s.slug, "name": s.name, "events": s.events, "best_of": s.best_of}
                                       for s in series]}  # fmt: skip


class IndexView(PublicAPIView):
    @extend_schema(operation_id="ratings_index", responses={200: IndexSerializer}, tags=["ratings"])
    def get(self, request):
        """Every rating list, with how many players are rated in it, and every series."""
        return Response(IndexSerializer(index()).data)


def list_key_or_404(key: str) -> str:
    if key not in rating_keys():
        raise NotFound({"key": [f"no rating list {key[:40]!r}; the lists are {', '.join(rating_keys())}"]})
    return key


class PersonMixin:
    def person_or_404(self, pk: int):
        found = profile.find_person(pk, self.request.user)
        if found is None:
            raise NotFound({"id": [f"no player {pk} in an event you may see"]})
        return found


class PlayerView(PersonMixin, PublicAPIView):
    @extend_schema(operation_id="players_retrieve", parameters=[PLAYER_ID], responses={200: PlayerSerializer, 404: NO_PLAYER},
                   tags=["ratings"])  # fmt: skip
    def get(self, request, pk: int):
        """A player across events: ratings per list, the events played with rank and performance, head-to-head."""
        player, rows, events = self.person_or_404(pk)
        body = {
            "id": player.pk, "name": player.name, "federation": player.federation, "ratings": profile.ratings_of(player),
            "events": profile.events_of(rows, events),
            "head_to_head": profile.opponents_body(profile.head_to_head(rows, events)),
        }  # fmt: skip
        return Response(PlayerSerializer(body).data)


class PlayerHistoryView(PersonMixin, PublicAPIView, GenericAPIView):
    queryset = RatingHistory.objects.none()

    @extend_schema(operation_id="players_rating_history", parameters=[PLAYER_ID, KEY],
                   responses={200: HistoryEntrySerializer(many=True), 404: NO_LIST}, tags=["ratings"])  # fmt: skip
    def get(self, request, pk: int, key: str):
        """The player's rating in one list after each period (round) they played, oldest first."""
        player, _, events = self.person_or_404(pk)
        entries = profile.history_of(player, list_key_or_404(key), events)
        page = self.paginate_queryset(entries)
        return self.get_paginated_response(HistoryEntrySerializer(page, many=True).data)


class ListFilter(StrictFilterSet):
    active = django_filters.ChoiceFilter(
        choices=[("1", "active only"), ("0", "everyone")], method="only_active",
        help_text=f"1: only players with a rated game in the last {ACTIVE_DAYS} days.",
    )  # fmt: skip

    class Meta:
        model = Rating
        fields = ["active"]

    def only_active(self, queryset, name: str, value: str):
        return queryset.filter(last_played__gte=active_since()) if value == "1" else queryset


class RatingListView(PublicAPIView, GenericAPIView):
    queryset = Rating.objects.none()
    filterset_class = ListFilter

    def get_queryset(self):
        return Rating.objects.filter(key=self.kwargs["key"]).select_related("player").order_by("-rating", "identity")

    @extend_schema(operation_id="ratings_list", parameters=[KEY], responses={200: ListEntrySerializer(many=True), 404: NO_LIST},
                   tags=["ratings"])  # fmt: skip
    def get(self, request, key: str):
        """A rating list, best first; ``?active=1``: only players with a rated game in the last year."""
        list_key_or_404(key)
        queryset = self.filter_queryset(self.get_queryset())
        page = self.paginate_queryset(queryset)
        first = self.paginator.page.start_index() if page else 1
        rows = [list_entry(r, first + i) for i, r in enumerate(page)]
        return self.get_paginated_response(ListEntrySerializer(rows, many=True).data)


def list_entry(r: Rating, rank: int) -> dict:
    named = r.player
    return {"rank": rank, "player": r.player_id, "name": named.name if named else "", "federation": named.federation if named
            else "", **profile.rating_body(r), "last_played": r.last_played}  # fmt: skip


class SeriesCreateView(PublicAPIView):
    permission_classes = [IsAuthenticated]
    lenient_methods = ()

    def perform_authentication(self, request):
        request.user  # noqa: B018 - a bad token is a 401 here: this is a write

    @extend_schema(operation_id="series_create", request=SeriesCreateSerializer, responses={201: SeriesSerializer},
                   tags=["ratings"])  # fmt: skip
    def post(self, request):
        """Make a series of your events: ``best_of`` of each player's events count, by ``points`` per place (or
        the game points scored); answers its table."""
        form = SeriesCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        events = series_service.named_events(data["events"], request.user)
        made = series_service.create_series(data["name"], events, data["best_of"], data["points"], request.user)
        return Response(SeriesSerializer(series_service.table_of(made, request.user)).data, status=201)


class SeriesView(PublicAPIView):
    @extend_schema(operation_id="series_retrieve", parameters=[SERIES_SLUG],
                   responses={200: SeriesSerializer, 404: OpenApiResponse(ErrorSerializer, description="No such series.")},
                   tags=["ratings"])  # fmt: skip
    def get(self, request, slug: str):
        """A series' table: each player's total of their best events, each event's contribution."""
        series = Series.objects.filter(slug=slug).first() if len(slug) <= 100 and "\x00" not in slug else None
        if series is None:
            raise NotFound({"slug": [f"no series {slug[:40]!r}"]})
        return Response(SeriesSerializer(series_service.table_of(series, request.user)).data)
