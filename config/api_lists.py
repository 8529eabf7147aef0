"""Every list of the API is a page: ``{count, next, previous, results}``, ``?page=N`` (from 1) and ``?page_size=N``
(1 to :data:`MAX_PAGE_SIZE`, default :data:`PAGE_SIZE`).

A page size or page number that is not a whole number in range is a 400 naming it (not silently the default, so
the schema's bounds are the server's); a page past the last is a 404 naming ``page``.
"""

from __future__ import annotations

from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.pagination import PageNumberPagination

PAGE_SIZE = 50
MAX_PAGE_SIZE = 200
MAX_PAGE = 10**6  # far past any list of this API; a bigger number would only be a bigger 404


def _whole(request, name: str, low: int, high: int) -> int | None:
    text = request.query_params.get(name)
    if text is None:
        return None
    if not (text.isascii() and text.isdigit()) or not low <= int(text) <= high:
        raise ValidationError({name: [f"{name} must be a whole number from {low} to {high}, not {text[:20]!r}"]})
    return int(text)


class PagePagination(PageNumberPagination):
    page_size = PAGE_SIZE
    page_size_query_param = "page_size"
    max_page_size = MAX_PAGE_SIZE

    def get_page_size(self, request) -> int:
        return _whole(request, self.page_size_query_param, 1, MAX_PAGE_SIZE) or self.page_size

    def paginate_queryset(self, queryset, request, view=None):
        _whole(request, self.page_query_param, 1, MAX_PAGE)
        try:
            return super().paginate_queryset(queryset, request, view)
        except NotFound:
            number = request.query_params.get(self.page_query_param)
            raise NotFound({"page": [f"page {number} is past the last page"]}) from None

    def get_schema_operation_parameters(self, view) -> list[dict]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            top = MAX_PAGE if parameter["name"] == self.page_query_param else MAX_PAGE_SIZE
            parameter["schema"] = {"type": "integer", "minimum": 1, "maximum": top}
            if parameter["name"] == self.page_size_query_param:
                parameter["description"] = f"Results per page (default {PAGE_SIZE})."
        return parameters

    def get_paginated_response_schema(self, schema: dict) -> dict:
        paginated = super().get_paginated_response_schema(schema)
        paginated["required"] = ["count", "next", "previous", "results"]
        return paginated
