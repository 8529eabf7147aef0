"""The API's JSON parser: DRF's, with a bound on how big and how deeply nested a body may be.

Python's JSON decoder recurses once per level of nesting, so about 4 KB of ``[[[[...]]]]`` exhausts the
interpreter's recursion limit and the request dies with a RecursionError (a 500) before any view or serializer
sees it; a body just under that limit can still blow the stack later, in validation or in an error message
that echoes it. No request of this API needs more than a few levels, so a body nested deeper than
:data:`MAX_DEPTH` is refused before it is decoded, with a 400 naming the body like every other API error
(``config.api_errors``). The size bound is Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE``: DRF reads the request
stream itself and so bypasses Django's check, which applies only to ``request.body``; a body over it is the
same 413 Django's check would give.

No field of this API takes a NUL character (U+0000): PostgreSQL cannot store one in text (a 500 on that
database, silently stored on SQLite). Serializers' text fields refuse one (DRF's own validator), the views that
read a body by hand refuse one in each field they read, naming it; the form parsers refuse one in any field
(:func:`refuse_nul`). A key the view ignores may hold one: nothing of it is stored.

It lives next to ``config.api_errors`` because it is the API's input policy, set once for every view in
``settings.REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"]``; forms and non-API views never use DRF parsers.
"""

from __future__ import annotations

import codecs
import re

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from rest_framework.exceptions import ParseError, ValidationError
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser, get_encoding
from rest_framework.utils import json

MAX_DEPTH = 32  # levels of arrays and objects; the deepest request body of this API has 3

# A JSON string (escapes included), or a bracket outside strings: everything the depth scan needs to see.
_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.DOTALL)
_OPENERS = frozenset("[{")


NUL_REASON = "a NUL character (\\u0000) is not allowed"


def nul_field(data: object, path: str = "") -> str | None:
    """The dotted path of the first key or string in ``data`` that holds a NUL (``body`` for the body itself,
    ``rows.2.position`` style for nested values), or None when there is none."""
    if isinstance(data, str):
        return (path or "body") if "\x00" in data else None
    if isinstance(data, dict):
        for key, value in data.items():
            inner = f"{path}.{key}" if path else str(key)
            if "\x00" in str(key):
                return path or "body"
            found = nul_field(value, inner)
            if found:
                return found
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found = nul_field(value, f"{path}.{index}" if path else str(index))
            if found:
                return found
    return None


def refuse_nul(data: object) -> object:
    """``data`` as it is, or a 400 naming the field that holds a NUL character."""
    field = nul_field(data)
    if field is not None:
        raise ValidationError({field: [NUL_REASON]})
    return data


class TooDeep(ParseError):
    """A body nested deeper than :data:`MAX_DEPTH` (a 400 naming the body)."""


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """How deeply arrays and objects nest in ``text`` (JSON), scanning only until the depth exceeds ``limit``.

    Brackets inside strings do not count. The text need not be valid JSON: the decoder judges that afterwards.
    """
    if text.count("[") + text.count("{") <= limit:
        return limit  # cannot be deeper than the number of openers: the common case costs two counts
    depth = deepest = 0
    for match in _TOKENS.finditer(text):
        char = match.group()
        if char in _OPENERS:
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
        elif char in "]}":
            depth -= 1
    return deepest


def read_limited(stream, limit: int | None) -> bytes:
    """The whole stream, or RequestDataTooBig as soon as it is longer than ``limit`` bytes (None: no limit)."""
    if stream is None:
        return b""
    data = stream.read() if limit is None else stream.read(limit + 1)
    if limit is not None and len(data) > limit:
        raise RequestDataTooBig("Request body exceeded settings.DATA_UPLOAD_MAX_MEMORY_SIZE.")
    return data


class BoundedJSONParser(JSONParser):
    """DRF's JSON parser that refuses a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (413) or nested deeper
    than :data:`MAX_DEPTH` (400), both naming the body; anything else parses exactly as DRF parses it."""

    max_depth = MAX_DEPTH

    def parse(self, stream, media_type=None, parser_context=None):
        encoding = get_encoding(parser_context or {})
        raw = read_limited(stream, settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
        try:
            text = codecs.decode(raw, encoding)
        except (UnicodeDecodeError, LookupError) as exc:
            raise ParseError(f"JSON parse error - the body is not valid {encoding}: {exc}") from None
        if nesting_depth(text, self.max_depth) > self.max_depth:
            raise TooDeep(f"the body nests arrays or objects deeper than {self.max_depth} levels")
        try:
            return json.loads(text, parse_constant=json.strict_constant if self.strict else None)
        except ValueError as exc:  # what DRF's own parser answers for malformed JSON
            raise ParseError(f"JSON parse error - {exc}") from None


class NulFreeFormParser(FormParser):
    """DRF's form parser, refusing a NUL character in any field (names or values) with a 400 naming it."""

    def parse(self, stream, media_type=None, parser_context=None):
        data = super().parse(stream, media_type, parser_context)
        refuse_nul({key: "".join(data.getlist(key)) for key in data})
        return data


class NulFreeMultiPartParser(MultiPartParser):
    """DRF's multipart parser, refusing a NUL character in any text field with a 400 naming it (files are
    bytes: the view that reads one as text checks it)."""

    def parse(self, stream, media_type=None, parser_context=None):
        parsed = super().parse(stream, media_type, parser_context)
        refuse_nul({key: "".join(parsed.data.getlist(key)) for key in parsed.data})
        return parsed
