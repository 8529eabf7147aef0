"""``GET /api/asyncapi.yaml``: the AsyncAPI 3 document of the sockets (games/asyncapi.yaml), every message each
socket sends and takes, and its close codes. Checked in CI against the official AsyncAPI 3.0 JSON Schema, and every
message the server sends in the tests against its payload schemas (tests/asyncapi/)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

DOCUMENT = Path(__file__).with_name("asyncapi.yaml")


@cache
def document_text() -> str:
    return DOCUMENT.read_text(encoding="utf-8")


@require_safe
def asyncapi_document(request: HttpRequest) -> HttpResponse:
    """The document as it is in the repository (public: it describes public interfaces)."""
    response = HttpResponse(document_text(), content_type="application/yaml; charset=utf-8")
    response["Cache-Control"] = "public, max-age=3600"
    return response
