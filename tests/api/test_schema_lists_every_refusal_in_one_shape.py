"""The OpenAPI schema (/api/schema/) says what the server does, before any fuzzing: a game is ``{id}`` on every
route, every operation lists the refusals the API's machinery can give it with the one error body, lists are
pages with bounded sizes and their filters, and request strings the server will not take blank are not blank."""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def schema(django_db_blocker) -> dict:
    with django_db_blocker.unblock():
        response = Client().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    return response.json()


def _operations(schema: dict):
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            yield path, method.upper(), operation


def test_a_game_is_id_on_every_route(schema):
    games = [path for path in schema["paths"] if path.startswith("/api/games/")]
    assert len(games) >= 11
    assert all(path.startswith("/api/games/{id}/") for path in games), games
    assert not any("{pk}" in path or "{game_id}" in path for path in schema["paths"])


def test_every_4xx_is_the_one_error_body(schema):
    for path, method, operation in _operations(schema):
        for code, response in operation["responses"].items():
            if code.startswith("4"):
                ref = response["content"]["application/json"]["schema"]["$ref"]
                assert ref == "#/components/schemas/ApiError", (method, path, code)
    assert schema["components"]["schemas"]["ApiError"]["required"] == ["detail", "errors"]


def test_each_operation_lists_the_refusals_it_can_give(schema):
    ops = {(method, path): set(op["responses"]) for path, method, op in _operations(schema)}
    assert {"401", "403", "404", "409", "400", "413"} <= ops[("POST", "/api/games/{id}/moves/")]
    assert {"401", "403", "404", "409"} <= ops[("POST", "/api/games/{id}/resign/")]
    assert {"400", "413", "429"} <= ops[("POST", "/api/auth/token/")]
    assert "401" not in ops[("POST", "/api/auth/token/")]  # no authentication runs there
    assert {"400", "401", "404"} <= ops[("GET", "/api/me/games/")]
    assert not {"401", "403"} & ops[("GET", "/api/events/{slug}/")]  # a public read: a stale token is the public
    for (method, path), codes in ops.items():
        if "{" in path:
            assert "404" in codes, (method, path)


def test_lists_are_pages_with_bounds_and_filters(schema):
    lists = {"/api/me/games/": {"event", "round", "status", "player"}, "/api/games/{id}/reports/": {"status", "player"},
             "/api/events/": {"status", "player"}, "/api/events/{slug}/audit/": {"round", "action"}}  # fmt: skip
    for path, filters in lists.items():
        operation = schema["paths"][path]["get"]
        query = {p["name"]: p["schema"] for p in operation["parameters"] if p["in"] == "query"}
        assert filters | {"page", "page_size"} <= set(query), path
        assert query["page_size"] == {"type": "integer", "minimum": 1, "maximum": 200}
        body = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
        assert set(schema["components"]["schemas"][body]["required"]) == {"count", "next", "previous", "results"}


def test_request_strings_the_server_will_not_take_blank_are_not_blank(schema):
    components = schema["components"]["schemas"]
    username = components["LoginRequest"]["properties"]["username"]
    pattern = re.compile(username["pattern"])
    assert username["minLength"] == 1 and pattern.search("anna") and not pattern.search("  ")
    assert not pattern.search("an\u0000na")  # no NUL: the server refuses one (PostgreSQL cannot store it)
    assert components["LoginRequest"]["additionalProperties"] is False
    move = components["MoveInputRequest"]["properties"]["move"]
    assert move["minLength"] == 1
    termination = components["ResultInputRequest"]["properties"]["termination"]
    assert "enum" in termination or "$ref" in termination or "allOf" in termination
    claim = schema["paths"]["/api/games/{id}/claim/"]["post"]["requestBody"]
    assert claim["required"] is True and len(claim["content"]["application/json"]["schema"]["oneOf"]) == 2


def test_bodies_whose_fields_depend_on_each_other_say_how(schema):
    paths = schema["paths"]
    clock = paths["/api/games/{id}/clock/"]["post"]["requestBody"]["content"]["application/json"]["schema"]["oneOf"]
    adjust = next(branch for branch in clock if branch["properties"]["action"]["enum"] == ["adjust"])
    assert set(adjust["required"]) == {"action", "side", "seconds"}
    results = paths["/api/events/{slug}/rounds/{number}/results/"]["post"]["requestBody"]["content"]["application/json"]
    assert results["schema"]["minItems"] == 1
    board = paths["/api/events/{slug}/rounds/{number}/boards/{board}/"]["patch"]["requestBody"]["content"]
    component = board["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    corrections = schema["components"]["schemas"][component]["oneOf"]  # issue 24: one correction per request
    assert [set(branch["required"]) for branch in corrections] == [
        {"white", "black"},
        {"swap"},
        {"exchange"},
        {"forfeit"},
        {"bye"},
    ]
    event = schema["components"]["schemas"]["EventCreateRequest"]["oneOf"]
    fixed = next(rule for rule in event if "fixed" in rule["properties"]["variant_policy"].get("pattern", ""))
    assert "variant" in fixed["required"] and "chess" in fixed["properties"]["variant"]["pattern"]
    assert {"name", "scoring"} <= set(fixed["required"])  # each branch is the whole body
    # format and rounds: the event's, or its first section's (issue 27), so neither is required on its own
    assert {"format", "rounds", "sections"} <= set(fixed["properties"])
