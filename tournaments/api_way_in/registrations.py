"""Registrations: a logged-in user registers themself; the organizer lists them and approves or refuses each."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.generics import GenericAPIView
from rest_framework.response import Response

from accounts.serializers import StrictSerializer
from tournaments.api_organizer.access import OrganizerView
from tournaments.api_organizer.serializers import field_errors
from tournaments.api_way_in.common import CONFLICT, ERRORS, NOT_FOUND, REFUSALS
from tournaments.models import SignUp
from tournaments.services.self_registration import decide, sign_up
from tournaments.services.waiting_list import position

MAX_ID = 2**63 - 1


class SignUpSerializer(StrictSerializer):
    name = serializers.CharField(max_length=200)
    rating = serializers.IntegerField(min_value=0, max_value=4000, required=False, default=0)
    # The patterns admit the empty default, so that the schema's default is one of its own values.
    federation = serializers.RegexField(r"^(?:[A-Za-z]{3})?$", required=False, allow_blank=True, default="",
                                        help_text="Three-letter FIDE federation code, e.g. AUT.")  # fmt: skip
    fide_id = serializers.RegexField(r"^[0-9]{0,12}$", required=False, allow_blank=True, default="")


class SignedUpSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["pending", "active", "waiting", "refused", "withdrawn"])


class RegistrationRowSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    rating = serializers.IntegerField()
    federation = serializers.CharField()
    fide_id = serializers.CharField()
    email = serializers.CharField()
    status = serializers.CharField()
    email_confirmed = serializers.BooleanField()
    approved = serializers.BooleanField()
    waiting_position = serializers.IntegerField(allow_null=True)
    created_at = serializers.DateTimeField()


def row(entry: SignUp) -> dict:
    waiting = entry.status == SignUp.Status.WAITING
    return {"id": entry.pk, "name": entry.name, "rating": entry.rating, "federation": entry.federation,
            "fide_id": entry.fide_id, "email": entry.user.email, "status": entry.status,
            "email_confirmed": entry.email_confirmed_at is not None, "approved": entry.approved_at is not None,
            "waiting_position": position(entry) if waiting else None, "created_at": entry.created_at}  # fmt: skip


class RegistrationsView(OrganizerView, GenericAPIView):
    queryset = SignUp.objects.none()  # the model, for the schema
    serializer_class = RegistrationRowSerializer

    @extend_schema(operation_id="events_registrations", responses={200: RegistrationRowSerializer(many=True),
                   **REFUSALS, **NOT_FOUND}, tags=["registrations"])  # fmt: skip
    def get(self, request, slug: str):
        """A page of the event's own registrations, oldest first (the organizer's list)."""
        event = self.organizer_event(slug)
        entries = self.paginate_queryset(SignUp.objects.filter(event=event).select_related("user").order_by("created_at", "id"))
        return self.get_paginated_response([row(e) for e in entries])

    @extend_schema(operation_id="events_register", request=SignUpSerializer,
                   responses={201: SignedUpSerializer, 400: ERRORS, 409: CONFLICT, **REFUSALS, **NOT_FOUND},
                   tags=["registrations"])  # fmt: skip
    def post(self, request, slug: str):
        """The caller registers themself: ``pending`` until the e-mail of their login is confirmed by the link
        mailed to it (and, under approval, the organizer approves), then ``active`` or ``waiting`` (a full event)."""
        event = self.visible_event(slug)
        form = SignUpSerializer(data=request.data)
        if not form.is_valid():
            return Response({"detail": "invalid registration", "errors": field_errors(form.errors)}, status=400)
        entry = sign_up(event, request.user, **form.validated_data)
        return Response({"id": entry.pk, "status": entry.status}, status=status.HTTP_201_CREATED)


class DecisionView(OrganizerView):
    approve = True

    @extend_schema(request=None, responses={200: SignedUpSerializer, 409: CONFLICT, **REFUSALS, **NOT_FOUND},
                   tags=["registrations"])  # fmt: skip
    def post(self, request, slug: str, pk: int):
        """The organizer approves (a place, or the waiting list once full) or refuses a pending registration."""
        event = self.organizer_event(slug)
        entry = SignUp.objects.filter(event=event, pk=pk).first() if pk <= MAX_ID else None
        if entry is None:
            raise NotFound({"registration": [f"no registration {pk} in {event.slug!r}"]})
        entry = decide(entry, approve=self.approve, by=request.user)
        return Response({"id": entry.pk, "status": entry.status})


class ApproveView(DecisionView):
    approve = True


class RefuseView(DecisionView):
    approve = False
