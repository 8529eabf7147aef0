"""One refusal type for the whole project: what was refused, which input it concerns, and why, in domain terms.

A service or a view that will not do what it was asked raises :class:`Refusal` with one of the :data:`KINDS`, the
``field`` it concerns (a body field, or ``game``, ``round``, ``variant``: what the client should look at) and the
``reason`` in words; nothing was changed. Which HTTP status a kind is answered with is decided in one place,
``config.api_errors`` (its exception handler and :func:`config.api_errors.status_of`); no domain code names one.

Pure Python (no Django): the pure floor and both apps raise it.
"""

from __future__ import annotations

INVALID = "invalid"  # the input is malformed or not allowed by the rules (a bad move, a missing field)
UNAUTHENTICATED = "unauthenticated"  # the caller did not say who they are
FORBIDDEN = "forbidden"  # the caller may not do this (not their game, not an arbiter of this event)
NOT_FOUND = "not-found"  # no such object for this caller
CONFLICT = "conflict"  # well formed, but the object's present state forbids it (a finished game, not your turn)
UNSUPPORTED = "unsupported"  # the body is of a media type the endpoint does not read
TOO_LARGE = "too-large"  # the body (an uploaded file) is larger than the endpoint takes
UNAVAILABLE = "unavailable"  # a service the request needs (the cache, the broker) does not answer; retry later

KINDS = (INVALID, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, CONFLICT, UNSUPPORTED, TOO_LARGE, UNAVAILABLE)


class Refusal(Exception):
    """What the server refuses: ``kind`` (one of :data:`KINDS`), the ``field`` it concerns, the ``reason``."""

    def __init__(self, kind: str, field: str, reason: str) -> None:
        if kind not in KINDS:
            raise ValueError(f"a refusal's kind is one of {', '.join(KINDS)}, not {kind!r}")
        super().__init__(reason)
        self.kind, self.field, self.reason = kind, field, reason

    def __repr__(self) -> str:
        return f"Refusal({self.kind!r}, {self.field!r}, {self.reason!r})"
