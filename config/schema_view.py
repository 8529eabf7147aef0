"""``GET /api/schema/``, one generation at a time.

drf-spectacular resolves its extensions' target classes lazily, on the first schema generation of a process, and
not thread-safely (a thread can find a class half-loaded and fail with AttributeError): programs that start
together and fetch the schema at once (clients/bot.py generates its client from it) got 500s. Generating the
document takes a fraction of a second, so concurrent requests simply wait their turn.
"""

from __future__ import annotations

import threading

from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SCHEMA_KWARGS, SpectacularAPIView
from rest_framework.request import Request
from rest_framework.response import Response

_generating = threading.Lock()


class SchemaView(SpectacularAPIView):
    @extend_schema(**SCHEMA_KWARGS)  # as the view it overrides: not in the document (SERVE_INCLUDE_SCHEMA)
    def get(self, request: Request, *args, **kwargs) -> Response:
        with _generating:
            return super().get(request, *args, **kwargs)
