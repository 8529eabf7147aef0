"""What the way-in views share: the refusals in the organizer API's shape, and renaming a service's field."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from drf_spectacular.utils import OpenApiResponse

from tournaments.services.errors import Conflict, reasons

ERRORS = OpenApiResponse(description='{"detail": reason, "errors": [{"field", "reason"}]}: nothing changed')
CONFLICT = OpenApiResponse(description="The state forbids it now (closed, outside the window, ...): nothing changed")
REFUSALS = {401: OpenApiResponse(description="No valid token"), 403: OpenApiResponse(description="Not yours to do")}
NOT_FOUND = {404: OpenApiResponse(description="No such event (or not visible to you)")}


def renamed(exc: ValidationError, names: dict[str, str]) -> ValidationError:
    """``exc`` with its fields named as the API names them (a service's ``round_number`` is the API's ``round``)."""
    grouped: dict[str, list[str]] = {}
    for field, reason in reasons(exc):
        grouped.setdefault(names.get(field, field), []).append(reason)
    return (Conflict if isinstance(exc, Conflict) else ValidationError)(grouped)
