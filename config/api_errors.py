"""One JSON shape for every API error: ``{"detail": ..., "errors": {field: [reasons]}}``, and the one place a
refusal becomes an HTTP status.

A service or view refuses with :class:`record.refusals.Refusal` (kind, field, reason); :data:`STATUS_OF` maps
its kind to the status, here and nowhere else. DRF already answers validation errors with 400; this handler also
turns Django's ``ValidationError`` (raised by services) into the status of its kind (400, or 409 for
``tournaments.services.errors.Conflict``) naming the field, an engine that failed to load into a 409 naming the
variant, an oversized body into a 413, and gives every other refusal an ``errors`` entry naming what was wrong
(the body, the method, the token, ...), so no error lacks a field and none can surface as a 500.

Errors Django answers before any API view runs (no route matches, a bad request, a refusal raised by middleware,
an unhandled exception) are JSON in the same shape under ``/api/`` too: ``config.urls`` names the handlers below,
which keep Django's HTML pages for every other path, and routes what no API route matches to
:func:`api_not_found` (which, unlike ``handler404``, also answers JSON when DEBUG is on).
"""

from __future__ import annotations

from django.core.exceptions import RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import Resolver404, resolve
from django.views import csrf, defaults
from django.views.decorators.csrf import csrf_exempt
from kombu.exceptions import OperationalError as BrokerDown
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from record.refusals import (
    CONFLICT,
    FORBIDDEN,
    INVALID,
    NOT_FOUND,
    TOO_LARGE,
    UNAUTHENTICATED,
    UNAVAILABLE,
    UNSUPPORTED,
    Refusal,
)
from variants.registry import VariantUnavailable

# What each kind of refusal is answered with: the only place a refusal becomes an HTTP status.
STATUS_OF = {
    INVALID: status.HTTP_400_BAD_REQUEST,
    UNAUTHENTICATED: status.HTTP_401_UNAUTHORIZED,
    FORBIDDEN: status.HTTP_403_FORBIDDEN,
    NOT_FOUND: status.HTTP_404_NOT_FOUND,
    CONFLICT: status.HTTP_409_CONFLICT,
    TOO_LARGE: status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
    UNSUPPORTED: status.HTTP_415_UNSUPPORTED_MEDIA_TYPE,
    UNAVAILABLE: status.HTTP_503_SERVICE_UNAVAILABLE,
}

# A service that does not answer, by what is raised when it does not: a 503 naming it, never a 500. The cache
# (Redis: the token cache, the login limits, the page cache) and the Celery broker.
SERVICE_DOWN = (
    ((RedisConnectionError, RedisTimeoutError), "cache", "the cache does not answer; nothing changed, try again shortly"),
    ((BrokerDown,), "broker", "the task broker does not answer; nothing changed, try again shortly"),
)

# What a DRF refusal without field errors is about.
FIELD_OF = {
    exceptions.ParseError: "body",
    exceptions.UnsupportedMediaType: "body",
    exceptions.MethodNotAllowed: "method",
    exceptions.NotAcceptable: "accept",
    exceptions.NotAuthenticated: "token",
    exceptions.AuthenticationFailed: "token",
    exceptions.Throttled: "rate",
}


def _field_for(exc: Exception) -> str:
    for cls, field in FIELD_OF.items():
        if isinstance(exc, cls):
            return field
    return "non_field_errors"


def status_of(kind: str) -> int:
    """The HTTP status of a refusal of ``kind`` (record.refusals.KINDS)."""
    return STATUS_OF[kind]


def kind_of(exc: Exception) -> str:
    """The refusal kind of what a service raised: a Refusal's own; a ValidationError's class may name one
    (``tournaments.services.errors.Conflict``: conflict); any other ValidationError is invalid input."""
    return exc.kind if isinstance(exc, Refusal) else getattr(exc, "kind", INVALID)


def as_refusal(exc: Exception) -> Refusal | None:
    """``exc`` as a Refusal, if it is one: an engine module that fails to import refuses its own variant only."""
    if isinstance(exc, VariantUnavailable):
        return Refusal(CONFLICT, "variant", str(exc))
    for raised, field, reason in SERVICE_DOWN:
        if isinstance(exc, raised):
            return Refusal(UNAVAILABLE, field, reason)
    return exc if isinstance(exc, Refusal) else None


def refusal_body(refusal: Refusal) -> dict:
    return {"detail": refusal.reason, "errors": {refusal.field: [refusal.reason]}}


RETRY_AFTER_SECONDS = "5"  # when a service that did not answer is worth asking again


def _refusal_headers(refusal: Refusal) -> dict[str, str]:
    if refusal.kind == UNAVAILABLE:
        return {"Retry-After": RETRY_AFTER_SECONDS}
    return {"WWW-Authenticate": "Token"} if refusal.kind == UNAUTHENTICATED else {}


def refusal_response(refusal: Refusal) -> Response:
    """A refusal as an API view answers it."""
    return Response(refusal_body(refusal), status=status_of(refusal.kind), headers=_refusal_headers(refusal))


def refusal_json(refusal: Refusal) -> JsonResponse:
    """A refusal as a view outside DRF answers it (the play page's board data)."""
    return JsonResponse(refusal_body(refusal), status=status_of(refusal.kind), headers=_refusal_headers(refusal))


def exception_handler(exc, context):
    refusal = as_refusal(exc)
    if refusal is not None:
        return refusal_response(refusal)
    if isinstance(exc, DjangoValidationError):
        errors = exc.message_dict if hasattr(exc, "error_dict") else {"non_field_errors": exc.messages}
        first = next(iter(errors.values()))[0]
        return Response({"detail": first, "errors": errors}, status=status_of(kind_of(exc)))
    if isinstance(exc, RequestDataTooBig):
        reason = "the request body is too large"
        return refusal_response(Refusal(TOO_LARGE, "body", reason))
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    data = response.data
    if isinstance(data, dict) and "detail" not in data:
        field, reasons = next(iter(data.items()))
        reason = reasons[0] if isinstance(reasons, list) and reasons else reasons
        response.data = {"detail": f"{field}: {reason}", "errors": data}
    elif isinstance(data, list):
        response.data = {"detail": str(data[0]), "errors": {"non_field_errors": data}}
    elif isinstance(data, dict) and "errors" not in data:
        response.data = {**data, "errors": {_field_for(exc): [str(data["detail"])]}}
    return response


API_PREFIX = "/api/"


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def json_error(status_code: int, field: str, reason: str) -> JsonResponse:
    """The API's error shape for a response no DRF view made."""
    return JsonResponse({"detail": reason, "errors": {field: [reason]}}, status=status_code)


def _resolves(path: str) -> bool:
    try:
        resolve(path)
    except Resolver404:
        return False
    return True


@csrf_exempt  # it changes nothing: a POST to no route is a 404, not a CSRF refusal
def api_not_found(request: HttpRequest, rest: str = "") -> JsonResponse:
    """No API route matches (an unknown path, a negative or non-numeric id): a JSON 404 naming the path."""
    reason = f"no such path: {request.path}"
    if not request.path_info.endswith("/") and _resolves(request.path_info + "/"):
        reason += f" (did you mean {request.path}/ ?)"
    return json_error(404, "path", reason)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if is_api(request):
        return api_not_found(request)
    return defaults.page_not_found(request, exception)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if is_api(request):
        return json_error(400, "request", "the request could not be understood")
    return defaults.bad_request(request, exception)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if is_api(request):
        return json_error(403, "permission", str(exception) or "you may not do this")
    return defaults.permission_denied(request, exception)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """``CSRF_FAILURE_VIEW``: a write without its CSRF token (a session cookie sent by a script) is refused before
    any API view runs; under /api/ in the API's shape."""
    if is_api(request):
        return json_error(403, "csrf", f"CSRF check failed: {reason or 'no CSRF token'}")
    return csrf.csrf_failure(request, reason)


def server_error(request: HttpRequest) -> HttpResponse:
    if is_api(request):
        return json_error(500, "server", "the server failed to answer; the error is logged")
    return defaults.server_error(request)
