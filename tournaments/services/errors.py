"""The two kinds of refusal a service raises besides a plain ``ValidationError({field: reason})``.

Both are ``ValidationError`` subclasses, so every caller that shows a ValidationError (the admin's messages, the
API's error handler) keeps working. Each names its refusal kind (record.refusals), from which
``config.api_errors`` alone decides the HTTP status; the organizer API lists a RowErrors' rows.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError

from record.refusals import CONFLICT, INVALID


class Conflict(ValidationError):
    """The input is well formed but the state forbids it now (published, in play, ...)."""

    kind = CONFLICT


class RowErrors(ValidationError):
    """Bad input in several rows (or boards) at once: every one is reported, nothing was written.

    ``errors`` is the list the API returns: ``[{where: n, "field": name, "reason": text}]`` with ``where`` "row"
    (an import) or "board" (a round's boards and results).
    """

    kind = INVALID

    def __init__(self, errors: list[dict], where: str = "row"):
        self.errors = list(errors)
        self.where = where
        grouped: dict[str, list[str]] = {}
        for error in self.errors:
            prefix = f"{where} {error[where]}: " if error.get(where) else ""
            grouped.setdefault(error["field"], []).append(prefix + error["reason"])
        super().__init__(grouped or {"non_field_errors": ["no rows"]})


def reasons(exc: ValidationError) -> list[tuple[str, str]]:
    """(field, reason) pairs of any ValidationError (a plain message becomes field ``non_field_errors``)."""
    if hasattr(exc, "error_dict"):
        return [(field, message) for field, messages in exc.message_dict.items() for message in messages]
    return [("non_field_errors", message) for message in exc.messages]
