"""The OpenAPI schema says what the server does: every error status an operation can answer, in the one error shape.

The project's :class:`AutoSchema` (``REST_FRAMEWORK["DEFAULT_SCHEMA_CLASS"]``) adds to each operation the refusals
the API's common machinery gives, so no view has to list them and none can forget one:

* 400 — a body that is not JSON, too deep, or fails validation; a query parameter (filter, page) that is not valid;
* 401 — no token, or a token that does not check out, wherever the view authenticates (a shared public read that
  takes a stale token as the public does not);
* 403 — the caller is not allowed (not their game or event), or a session write without its CSRF token;
* 404 — a path parameter names nothing the caller may see, or a page past the last;
* 409 — a write on a resource whose state forbids it now (a finished game, a published round);
* 413 — a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE``;
* 429 — a throttled view (the token login);
* 503 — a service the request needs (the cache, the broker) does not answer, on every operation.

Every 4xx and 503 response of the schema is the one error body of ``config.api_errors`` (:class:`ApiErrorSerializer`),
whatever the view declared. 405 is not listed per operation: it is the answer to a method the schema does not list
for a path (JSON in the same shape, with an ``Allow`` header).

Request bodies are as the server checks them: a strict input (``accounts.serializers.StrictSerializer``) has
``additionalProperties: false``; one whose ``validate()`` ties fields together says how in ``schema_one_of``; a
field that must not be blank has ``minLength: 1`` (requests have components of their own,
``COMPONENT_SPLIT_REQUEST``) and, when the server trims whitespace before the check, a pattern asking for one
non-space character; no text field takes a NUL character (:data:`NO_NUL`).
"""

from __future__ import annotations

import re

from django.core.validators import RegexValidator
from drf_spectacular import openapi
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from accounts.serializers import StrictSerializer
from tournaments.api_sections import SECTION_PARAMETER

UNSAFE = ("POST", "PUT", "PATCH", "DELETE")

# A text field takes no NUL character (DRF refuses one: PostgreSQL cannot store it), and a trimmed one that must
# not be blank needs a character that is neither a space nor a NUL.
NO_NUL = r"^[^\u0000]*$"
NON_BLANK = r"^[^\u0000]*[^\s\u0000][^\u0000]*$"

REASONS = {
    400: "Bad input: the body or a query parameter; `errors` names each field",
    401: "No valid token (`errors.token`)",
    403: "Not allowed: not your game or event (or a session write without its CSRF token)",
    404: "No such object for you (or a page past the last); `errors` names what was not found",
    409: "The object's state forbids this now; nothing changed",
    413: "The request body is too large (`errors.body`)",
    429: "Too many requests (`errors.rate`); retry after the `Retry-After` header's seconds",
    503: "A service the server needs does not answer (`errors.cache`, `errors.broker`, `errors.token`, "
    "`errors.rate`); nothing changed, retry shortly",
}


def _example(field: str, reason: str) -> dict:
    return {"summary": reason, "value": {"detail": reason, "errors": {field: [reason]}}}


# One example of each refusal, in the one error shape (what a client parses every error into).
ERROR_EXAMPLES = {
    400: _example("client_id", "a NUL character (\\u0000) is not allowed"),
    401: _example("token", "Invalid token."),
    403: _example("game", "you are not a player of this game"),
    404: _example("game", "no such game"),
    409: _example("game", "the game is over: it accepts no move"),
    413: _example("body", "the request body is too large"),
    429: _example("rate", "Request was throttled. Expected available in 30 seconds."),
    503: _example("cache", "the cache does not answer; nothing changed, try again shortly"),
}

# What each path parameter names. A game is ``{id}`` on every route; an event's identifier in the API (and in the
# pages' URLs) is its slug, so it is ``{slug}``; rounds and boards are numbered within their event and round.
PATH_NAMES = {
    "id": "The game's id.",
    "slug": "The event's slug: its identifier in the API and in the pages' URLs.",
    "number": "The round's number within the event (from 1).",
    "board": "The board's number within the round (from 1).",
    "index": "The variant block's index within the event (from 1).",
}


@extend_schema_field(
    {
        "description": "What was wrong, by field: `{field: [reason, ...]}` (nested like the body for nested fields); "
        "the organizer API's row checks answer a list of `{row or board, field, reason}`.",
        "oneOf": [
            {"type": "object", "additionalProperties": True},
            {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "field": {"type": "string"},
                        "reason": {"type": "string"},
                        "row": {"type": "integer", "nullable": True},
                        "board": {"type": "integer", "nullable": True},
                        "block": {"type": "integer", "nullable": True},
                    },
                    "required": ["field", "reason"],
                },
            },
        ],
    }
)
class ErrorsField(serializers.JSONField):
    pass


class ApiErrorSerializer(serializers.Serializer):
    """The body of every API error (``config.api_errors``)."""

    detail = serializers.CharField(help_text="The first reason, in words.")
    errors = ErrorsField()


def _authenticates(view, method: str) -> bool:
    if method in getattr(view, "lenient_methods", ()):
        return False  # a stale token on a shared read is the public, never a 401
    return bool(getattr(view, "authentication_classes", ()))


def _demands(schema: dict) -> bool:
    """Whether an inline body schema requires something (drf-spectacular marks serializers' bodies itself)."""
    if schema.get("required"):
        return True
    branches = schema.get("oneOf") or schema.get("anyOf")
    return bool(branches) and all(_demands(branch) for branch in branches)


def _blank_in_one(prop: dict) -> dict:
    """drf-spectacular writes a text field that may be blank as ``oneOf: [field, {maxLength: 0}]``; where the
    field's own schema takes "" too, "" would match both branches and so neither (oneOf means exactly one): the
    field's schema alone says it."""
    branches = prop.get("oneOf")
    if not branches or len(branches) != 2 or {"type": "string", "maxLength": 0} not in branches:
        return prop
    field = next(b for b in branches if b != {"type": "string", "maxLength": 0})
    if field.get("type") != "string" or field.get("minLength") or "$ref" in field:
        return prop
    pattern = field.get("pattern")
    if pattern and not re.search(pattern, ""):
        return prop
    return {**field, **{key: value for key, value in prop.items() if key != "oneOf"}}


def _whole_branch(schema: dict, branch: dict) -> dict:
    """A ``oneOf`` branch that restates every property of the body (the branch's own rule on top): the same
    constraint, but a generated client's type for the branch then has every field, not just the ones it ties."""
    whole = {key: value for key, value in branch.items() if key not in ("properties", "required")}
    whole["type"] = "object"
    whole["properties"] = {**schema.get("properties", {}), **branch.get("properties", {})}
    required = sorted(set(schema.get("required", [])) | set(branch.get("required", [])))
    if required:  # OpenAPI 3.0 has no empty "required"
        whole["required"] = required
    return whole


class AutoSchema(openapi.AutoSchema):
    def get_operation(self, path, path_regex, path_prefix, method, registry):
        operation = super().get_operation(path, path_regex, path_prefix, method, registry)
        if operation is None:
            return None
        body = operation.get("requestBody")
        if body and not body.get("required"):
            schemas = [media.get("schema", {}) for media in body.get("content", {}).values()]
            body["required"] = bool(schemas) and all(_demands(schema) for schema in schemas)  # no body: a 400
        if body:  # a list of at least N rows
            requested = self.get_request_serializer()
            for media_type, media in body.get("content", {}).items():
                serializer = requested.get(media_type) if isinstance(requested, dict) else requested
                if getattr(serializer, "min_length", None) and media.get("schema", {}).get("type") == "array":
                    media["schema"]["minItems"] = serializer.min_length
        if path.startswith("/api/events/{slug}"):  # every event path takes ?section= (issue 27)
            operation.setdefault("parameters", []).append(dict(SECTION_PARAMETER))
        for parameter in operation.get("parameters", []):
            if parameter.get("in") == "path" and parameter["name"] in PATH_NAMES:
                parameter.setdefault("description", PATH_NAMES[parameter["name"]])
        responses = operation.setdefault("responses", {})
        for code in self.error_statuses(operation):
            responses.setdefault(str(code), {"description": REASONS[code]})
        for code, response in responses.items():
            if code.startswith("4") or code == "503":
                body = self._get_response_for_code(ApiErrorSerializer, code)
                response["content"] = body["content"]
                response.setdefault("description", REASONS.get(int(code), ""))
                if int(code) in ERROR_EXAMPLES:
                    response["content"]["application/json"].setdefault("examples", {"refused": ERROR_EXAMPLES[int(code)]})
        return operation

    def error_statuses(self, operation: dict) -> list[int]:
        """The refusals the common machinery can give this operation (see the module's docstring)."""
        method = self.method.upper()
        parameters = operation.get("parameters", [])
        in_path = any(p.get("in") == "path" for p in parameters)
        in_query = any(p.get("in") == "query" for p in parameters)
        body = "requestBody" in operation
        codes = []
        if body or in_query:
            codes.append(400)
        if _authenticates(self.view, method):
            codes += [401, 403]
        if in_path or any(p.get("name") == "page" for p in parameters):
            codes.append(404)
        if method in UNSAFE and in_path:
            codes.append(409)
        if body:
            codes.append(413)
        if getattr(self.view, "throttle_classes", ()):
            codes.append(429)
        codes.append(503)  # the cache or the broker down: config.api_errors.SERVICE_DOWN
        return codes

    def _map_basic_serializer(self, serializer, direction):
        schema = super()._map_basic_serializer(serializer, direction)
        if direction == "request" and isinstance(serializer, StrictSerializer):
            schema["additionalProperties"] = False  # a field it does not know is a 400 naming it
        for name, prop in schema.get("properties", {}).items():
            schema["properties"][name] = _blank_in_one(prop)
        one_of = getattr(serializer, "schema_one_of", None)  # rules tying one field to another (its validate())
        if direction == "request" and one_of:
            branches = one_of() if callable(one_of) else one_of
            schema["oneOf"] = [_whole_branch(schema, branch) for branch in branches]
        return schema

    def _get_serializer_field_meta(self, field, direction):
        meta = super()._get_serializer_field_meta(field, direction)
        text = (
            direction == "request"
            and isinstance(field, serializers.CharField)
            and not isinstance(field, serializers.RegexField | serializers.SlugField)
            and not any(isinstance(v, RegexValidator) for v in field.validators)  # its own pattern says it
            and not field.read_only
        )
        if text and not field.allow_blank and field.trim_whitespace:
            meta["pattern"] = NON_BLANK  # trimmed first: spaces alone are blank
        elif text:
            meta["pattern"] = NO_NUL
        if direction == "request" and isinstance(field, serializers.SlugField) and not field.allow_unicode:
            meta["pattern"] = r"^[-a-zA-Z0-9_]+$"  # what DRF's SlugField takes: ASCII letters, digits, - and _
        return meta
