"""The API's JSON parser: DRF's, with a bound on how big and how deeply nested a body may be.

Python's JSON decoder recurses once per level of nesting, so about 4 KB of ``[[[[...]]]]`` exhausts the
interpreter's recursion limit and the request dies with a RecursionError (a 500) before any view or serializer
sees it; a body just under that limit can still blow the stack later, in validation or in an error message
that echoes it. No request of this API needs more than a few levels, so a body nested deeper than
:data:`MAX_DEPTH` is refused before it is decoded, with a 400 naming the body like every other API error
(``config.api_errors``). The size bound is Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE``: DRF reads the request
stream itself and so bypasses Django's check, which applies only to ``request.body``; a body over it is the
same 413 Django's check would give.

It lives next to ``config.api_errors`` because it is the API's input policy, set once for every view in
``settings.REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"]``; forms and non-API views never use DRF parsers.
"""

from __future__ import annotations

import codecs
import re

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser, get_encoding
from rest_framework.utils import json

MAX_DEPTH = 32  # levels of arrays and objects; the deepest request body of this API has 3

# A JSON string (escapes included), or a bracket outside strings: everything the depth scan needs to see.
_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.DOTALL)
_OPENERS = frozenset("[{")


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
