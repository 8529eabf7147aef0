"""clients/generated.py: the bot's HTTP client is generated from the schema it is given, once per schema (the
cache is keyed by its hash), never from anything committed; a changed schema gets a client of its own. An answer is
a success parsed into its model, or a refusal (ApiError naming the fields); a success the generated client cannot
parse into the model is an error (SchemaMismatch), never a silent None."""

from __future__ import annotations

import json
from http import HTTPStatus

import pytest

from clients.generated import Api, ApiError, SchemaMismatch, generate, import_package, operation


def schema(version: str) -> bytes:
    pong = {"type": "object", "properties": {"pong": {"type": "boolean"}}, "required": ["pong"]}
    answer = {"200": {"description": "pong", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pong"}}}}}
    return json.dumps({
        "openapi": "3.0.3",
        "info": {"title": "tiny", "version": version},
        "paths": {"/api/ping/": {"get": {"operationId": "ping", "tags": ["games"], "responses": answer}}},
        "components": {"schemas": {"Pong": pong}},
    }).encode()  # fmt: skip


def test_a_schema_is_generated_once_and_a_changed_one_anew(tmp_path):
    first = generate(schema("1"), tmp_path)
    made = (first / "rvchess_client" / "client.py").stat().st_mtime_ns
    assert generate(schema("1"), tmp_path) == first
    assert (first / "rvchess_client" / "client.py").stat().st_mtime_ns == made
    second = generate(schema("2"), tmp_path)
    assert second != first and second.parent == tmp_path
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([first.name, second.name])  # nothing left aside


def test_the_generated_package_parses_an_answer_into_its_model(tmp_path):
    package = import_package(generate(schema("1"), tmp_path))
    parsed = package.models.Pong.from_dict({"pong": True})
    assert parsed.pong is True
    assert operation(package, "ping").__name__.endswith(".api.games.ping")


def test_a_refusal_is_an_api_error_and_an_unparsed_success_a_schema_mismatch(tmp_path):
    package = import_package(generate(schema("1"), tmp_path))
    api = Api(package, client=None)

    def answer(status: int, body: bytes, parsed=None):
        return package.types.Response(status_code=HTTPStatus(status), content=body, headers={}, parsed=parsed)

    assert api.answer("ping", "Pong", answer(200, b'{"pong": true}', package.models.Pong(pong=True))).pong is True
    with pytest.raises(SchemaMismatch):
        api.answer("ping", "Pong", answer(200, b"{}"))
    with pytest.raises(ApiError) as refused:
        api.answer("ping", "Pong", answer(400, b'{"detail": "Bad input", "errors": {"move": ["not legal"]}}'))
    assert (refused.value.status, refused.value.errors) == (400, {"move": ["not legal"]})
