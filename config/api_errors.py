"""One JSON shape for every API error: ``{"detail": ..., "errors": {field: [reasons]}}``.

DRF already answers validation errors with 400; this handler also turns Django's ``ValidationError`` (raised by
services) into a 400 that names the field, so no service error can surface as a 500.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


def exception_handler(exc, context):
    if isinstance(exc, DjangoValidationError):
        errors = exc.message_dict if hasattr(exc, "error_dict") else {"non_field_errors": exc.messages}
        first = next(iter(errors.values()))[0]
        return Response({"detail": first, "errors": errors}, status=status.HTTP_400_BAD_REQUEST)
    response = drf_exception_handler(exc, context)
    if response is not None and isinstance(response.data, dict) and "detail" not in response.data:
        errors = response.data
        field, reasons = next(iter(errors.items()))
        reason = reasons[0] if isinstance(reasons, list) and reasons else reasons
        response.data = {"detail": f"{field}: {reason}", "errors": errors}
    elif response is not None and isinstance(response.data, list):
        response.data = {"detail": str(response.data[0]), "errors": {"non_field_errors": response.data}}
    return response
