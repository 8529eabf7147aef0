"""Events: create (a draft), read (drafts only for their staff), announce, import players, read the audit trail."""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import transaction
from django.utils.text import slugify
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.generics import GenericAPIView
from rest_framework.response import Response

from config.api_errors import kind_of, status_of
from record.refusals import CONFLICT, TOO_LARGE
from tournaments import api_public, services
from tournaments.api_filters import AuditFilter
from tournaments.api_organizer.access import OrganizerView, errors_body
from tournaments.api_organizer.serializers import (
    EventCreateSerializer,
    EventPatchSerializer,
    PlayerRowSerializer,
    field_errors,
)
from tournaments.api_public import EventDetailSerializer
from tournaments.api_way_in.settings import settings_of
from tournaments.models import Event, PairingChange
from tournaments.services.audit import entries_of, entry
from tournaments.services.errors import reasons
from tournaments.services.event_settings import update_event
from tournaments.services.way_in_settings import update_way_in

ERRORS = OpenApiResponse(description='{"detail": reason, "errors": [{"row" or "board", "field", "reason"}]}: nothing changed')
REFUSALS = {401: OpenApiResponse(description="No valid token"), 403: OpenApiResponse(description="Not your event")}
LOCKED = OpenApiResponse(description="Round 1 is paired: the format, scoring or variant can no longer change")
SLUG_TAKEN = OpenApiResponse(description="An event with this slug exists already: nothing changed")
MAX_CSV_BYTES = 2_000_000
DRY_RUN_YES, DRY_RUN_NO = ("1", "true", "yes"), ("0", "false", "no")


def unique_slug(name: str) -> str:
    base = slugify(name)[:90] or "event"
    slug, n = base, 2
    while Event.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


class EventCollectionView(OrganizerView, api_public.EventListView):
    """``GET`` the public events (the public view's own answer); ``POST`` a new event (a draft: hidden from the
    public until announced)."""

    lenient_methods = ("GET",)

    @extend_schema(
        operation_id="events_create",
        request=EventCreateSerializer,
        responses={201: EventDetailSerializer, 400: ERRORS, 409: SLUG_TAKEN, **REFUSALS},
        tags=["organizer"],
    )
    def post(self, request):
        """Create an event as its organizer: 201 with the event (status ``draft``) and its committed dice."""
        if not request.user.is_staff:
            raise PermissionDenied({"token": ["only staff accounts (organizers) create events"]})
        form = EventCreateSerializer(data=request.data)
        if not form.is_valid():
            return self.invalid("invalid event", field_errors(form.errors))
        data = dict(form.validated_data)
        slug = data.pop("slug", None) or unique_slug(data["name"])
        if Event.objects.filter(slug=slug).exists():
            return self.refuse("slug", f"an event with slug {slug!r} exists already", CONFLICT)
        data["rounds_planned"] = data.pop("rounds")
        data.pop("variant", None)
        event = services.create_event(slug=slug, organizer=request.user, by=request.user, **data)
        body = EventDetailSerializer(event, context={"request": request}).data
        return Response(body, status=status.HTTP_201_CREATED)


class EventDetailView(OrganizerView, api_public.EventDetailView):
    """The public view's answer, for a draft too when the caller is its staff (a draft is 404 to anyone else);
    ``blocks`` lists every block's dice, the commitment before the roll. ``PATCH`` changes the settings."""

    lenient_methods = ("GET",)

    def event_or_404(self, slug: str) -> Event:
        return self.visible_event(slug)

    @extend_schema(operation_id="events_update", request=EventPatchSerializer,
                   responses={200: EventDetailSerializer, 400: ERRORS, 409: LOCKED, **REFUSALS}, tags=["organizer"])  # fmt: skip
    def patch(self, request, slug: str):
        """Change the event's settings (organizer): the event's own, its tie-breaks and C.07 edition (the standings
        are recomputed), its way in (registration, check-in, requested byes). Once round 1 is paired, a changed
        ``format``, ``scoring``, ``variant_policy`` or ``variant`` is 409 naming the field; tie-breaks, planned
        rounds and the rest may change, each change in the audit trail."""
        event = self.organizer_event(slug)
        form = EventPatchSerializer(data=request.data)
        if not form.is_valid():
            return self.invalid("invalid event", field_errors(form.errors))
        columns = form.columns()
        try:
            with transaction.atomic():  # the settings, the tie-breaks and the way in: all of them or none
                event = update_event(event, columns, by=request.user) if columns else event
                if "variant_policy" in columns:  # a pool or dice now: every block's commitment before its draw
                    services.prepare_event(event)
                if form.way_in():
                    event = update_way_in(event, form.way_in(), by=request.user)
        except DjangoValidationError as exc:
            names = EventPatchSerializer.API_NAMES
            errors = [{"field": names.get(field, field), "reason": reason} for field, reason in reasons(exc)]
            return Response(errors_body(errors), status=status_of(kind_of(exc)))
        return Response({**EventDetailSerializer(event, context={"request": request}).data, **settings_of(event)})


class AnnounceView(OrganizerView):
    @extend_schema(operation_id="events_announce", request=None, responses={200: EventDetailSerializer, **REFUSALS},
                   tags=["organizer"])  # fmt: skip
    def post(self, request, slug: str):
        """Make a draft public (idempotent)."""
        event = services.announce_event(self.organizer_event(slug), by=request.user)
        return Response(EventDetailSerializer(event, context={"request": request}).data)


class ImportedSerializer(serializers.Serializer):
    dry_run = serializers.BooleanField()
    registered = serializers.IntegerField(help_text="Players registered (0 on a dry run).")
    players = PlayerRowSerializer(many=True)


class PlayersView(OrganizerView):
    @extend_schema(
        operation_id="events_players_import",
        request={"application/json": PlayerRowSerializer(many=True, min_length=1), "text/csv": {"type": "string"}},
        parameters=[
            OpenApiParameter(
                "dry_run", str, enum=[*DRY_RUN_YES, *DRY_RUN_NO], description="1 (or true, yes): check every row, save nothing"
            )
        ],  # fmt: skip
        responses={200: ImportedSerializer, 201: ImportedSerializer, 400: ERRORS, **REFUSALS},
        tags=["organizer"],
    )
    def post(self, request, slug: str):
        """Register players from a JSON list of {name, rating?, federation?, fide_id?, seed?, email?, username?} or a
        text/csv body with those columns (``name,rating,federation,...``): every row is checked and all errors come
        back at once; nothing is saved unless every row is good. ``?dry_run=1`` checks without saving."""
        event = self.organizer_event(slug)
        rows = self._rows(request)
        if isinstance(rows, Response):
            return rows
        given = request.query_params.getlist("dry_run")
        if len(given) > 1 or (given and given[0] not in (*DRY_RUN_YES, *DRY_RUN_NO)):
            return self.invalid("invalid dry_run", [{"row": None, "field": "dry_run", "reason": "1 or 0 (true, false), once"}])
        dry_run = bool(given) and given[0] in DRY_RUN_YES
        done = services.import_players(event, rows, by=request.user, dry_run=dry_run)
        body = {
            "dry_run": dry_run,
            "registered": len(done.registrations),
            "players": [
                {
                    "row": r.line,
                    "name": r.name,
                    "rating": r.rating,
                    "federation": r.federation,
                    "email": r.email,
                    "username": r.username,
                }
                for r in done.rows
            ],  # fmt: skip
        }
        return Response(body, status=status.HTTP_200_OK if dry_run else status.HTTP_201_CREATED)

    def _rows(self, request):
        if (request.content_type or "").split(";")[0].strip().lower() in ("text/csv", "text/plain"):
            raw = request.body
            if len(raw) > MAX_CSV_BYTES:
                return self.refuse("body", f"the file is larger than {MAX_CSV_BYTES} bytes", TOO_LARGE)
            try:
                return raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                return self.invalid("not UTF-8", [{"row": 1, "field": "body", "reason": "the file is not UTF-8 text"}])
        return request.data


class AuditEntrySerializer(serializers.Serializer):
    at = serializers.DateTimeField()
    by = serializers.CharField(allow_null=True, help_text="Username, or null for the system.")
    action = serializers.CharField()
    round = serializers.IntegerField(allow_null=True)
    description = serializers.CharField()
    before = serializers.JSONField(allow_null=True)
    after = serializers.JSONField(allow_null=True)


class AuditView(OrganizerView, GenericAPIView):
    queryset = PairingChange.objects.none()  # the model, for the filters and the schema
    serializer_class = AuditEntrySerializer
    filterset_class = AuditFilter

    @extend_schema(operation_id="events_audit", responses={200: AuditEntrySerializer(many=True), **REFUSALS},
                   tags=["organizer"])  # fmt: skip
    def get(self, request, slug: str):
        """A page of the event's audit trail, newest first: who did what, when, with the state before and after;
        ``?round=`` and ``?action=`` filter it."""
        event = self.arbiter_event(slug)
        rows = self.paginate_queryset(self.filter_queryset(entries_of(event)))
        return self.get_paginated_response(AuditEntrySerializer([entry(row) for row in rows], many=True).data)
