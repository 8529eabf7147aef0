"""Who may call the organizer API, and how its refusals look.

Reads that the public shares (an event, a round) authenticate leniently: a valid token shows the caller's drafts
and unpublished rounds, a missing or stale one is simply the public. Writes need a valid token (401 without one)
of the event's staff (403 for anyone else's event).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from rest_framework import exceptions
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import TokenAuthentication
from config.api_errors import kind_of, status_of
from record.refusals import INVALID, Refusal
from tournaments.api_sections import in_section
from tournaments.models import Event, sees_every_event
from tournaments.services import is_arbiter, is_organizer
from tournaments.services.errors import RowErrors, reasons

MAX_SLUG = 100


def errors_body(errors: list[dict]) -> dict:
    return {"detail": errors[0]["reason"] if errors else "refused", "errors": errors}


class OrganizerView(APIView):
    """Base of the organizer API views: strict authentication for writes, lenient for the shared reads, and
    every service refusal answered as a list of ``{row or board, field, reason}`` with the status of its kind
    (config.api_errors: 400 bad input, 409 the state forbids it now)."""

    authentication_classes = [TokenAuthentication, SessionAuthentication]
    permission_classes = [IsAuthenticated]
    lenient_methods: tuple[str, ...] = ()
    where: dict = {}  # the row or board a refusal is about, when the URL names it

    def perform_authentication(self, request):
        """A read the public shares: a token that does not check out makes the caller anonymous (the request's
        user is then already the anonymous user) instead of refusing the read."""
        try:
            super().perform_authentication(request)
        except exceptions.AuthenticationFailed:
            if request.method not in self.lenient_methods:
                raise

    def get_permissions(self):
        if self.request is not None and self.request.method in self.lenient_methods:
            return [AllowAny()]
        return super().get_permissions()

    def handle_exception(self, exc):
        if isinstance(exc, RowErrors):
            return Response(errors_body(exc.errors), status=status_of(kind_of(exc)))
        if isinstance(exc, DjangoValidationError):
            errors = [{**self.where, "field": field, "reason": reason} for field, reason in reasons(exc)]
            return Response(errors_body(errors), status=status_of(kind_of(exc)))
        if isinstance(exc, Refusal):
            return self.refuse(exc.field, exc.reason, exc.kind)
        if isinstance(exc, Http404):
            exc = NotFound(str(exc) or "not found")
        return super().handle_exception(exc)

    def invalid(self, detail: str, errors: list[dict]) -> Response:
        """Bad input a form found: ``errors`` lists each field's reasons."""
        return Response({"detail": detail, "errors": errors}, status=status_of(INVALID))

    def refuse(self, field: str, reason: str, kind: str = INVALID) -> Response:
        """A refusal of ``kind`` in this API's shape (a list of ``{row or board, field, reason}``)."""
        return Response(errors_body([{**self.where, "field": field, "reason": reason}]), status=status_of(kind))

    # --- finding the event --------------------------------------------------------------------------------

    def find_event(self, slug: str) -> Event:
        event = None if "\x00" in slug or len(slug) > MAX_SLUG else Event.objects.filter(slug=slug).first()
        if event is None:
            raise NotFound(f"No event with slug {slug!r}.")
        return in_section(self.request, event)

    def visible_event(self, slug: str) -> Event:
        """The event if the caller may see it (public, or one of theirs); 404 otherwise, drafts included."""
        event = None
        if "\x00" not in slug and len(slug) <= MAX_SLUG:
            event = Event.objects.visible_to(self.request.user).filter(slug=slug).first()
        if event is None:
            raise NotFound(f"No public event with slug {slug!r}.")
        return in_section(self.request, event)

    def arbiter_event(self, slug: str) -> Event:
        """The event, if the caller runs it (organizer, arbiter or staff); 403 for anyone else's event."""
        event = self.find_event(slug)
        if not is_arbiter(self.request.user, event):
            raise PermissionDenied({"token": [f"you are not the organizer or an arbiter of {event.slug!r}"]})
        return event

    def organizer_event(self, slug: str) -> Event:
        """The event, if the caller organizes it (or is staff); 403 otherwise."""
        event = self.find_event(slug)
        user = self.request.user
        if not (is_organizer(user, event) or sees_every_event(user)):
            raise PermissionDenied({"token": [f"you are not the organizer of {event.slug!r}"]})
        return event
