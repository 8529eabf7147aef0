"""One JSON shape for every API error: ``{"detail": ..., "errors": {field: [reasons]}}``.

DRF already answers validation errors with 400; this handler also turns Django's ``ValidationError`` (raised by
services) into a 400 that names the field, an oversized body into a 413, and gives every other refusal an
``errors`` entry naming what was wrong (the body, the method, the token, ...), so no error lacks a field and
none can surface as a 500.
"""

from __future__ import annotations

from django.core.exceptions import RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

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


def exception_handler(exc, context):
    if isinstance(exc, DjangoValidationError):
        errors = exc.message_dict if hasattr(exc, "error_dict") else {"non_field_errors": exc.messages}
        first = next(iter(errors.values()))[0]
        return Response({"detail": first, "errors": errors}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, RequestDataTooBig):
        reason = "the request body is too large"
        return Response({"detail": reason, "errors": {"body": [reason]}}, status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
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
