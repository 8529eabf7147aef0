"""A NUL character is refused with a 400 naming its field by every write of the API, on every database.

PostgreSQL cannot store a NUL in text (psycopg raises, a 500) while SQLite stores it: serializers' text fields,
the views that read a body by hand, the import's and the result grid's rows and the CSV import refuse one. CI runs this on
PostgreSQL. Every write operation of the served schema gets, for every string property its body has, a body
holding ``"a\\u0000b"`` there, sent by a superuser (past every permission check, so the body is read).
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.pages.conftest import build_spring_open
from variants.registry import rating_keys

pytestmark = pytest.mark.django_db

NUL = "a\u0000b"
WRITES = ("post", "put", "patch", "delete")


@pytest.fixture
def world():
    built = build_spring_open()
    boss = get_user_model().objects.create_superuser(username="boss", password="x")
    client, player = APIClient(), APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=boss).key}")
    player.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=built.players['Anna'].user).key}")
    return built, client, player


def _resolve(schema: dict, components: dict) -> dict:
    while "$ref" in schema:
        schema = components[schema["$ref"].rsplit("/", 1)[1]]
    return schema


def _string_properties(schema: dict, components: dict) -> tuple[bool, list[str]]:
    """(whether the body is a list of objects, the names of its string properties in any branch)."""
    schema = _resolve(schema, components)
    listed = schema.get("type") == "array"
    if listed:
        schema = _resolve(schema["items"], components)
    names: list[str] = []
    for branch in [schema, *schema.get("oneOf", []), *schema.get("anyOf", [])]:
        branch = _resolve(branch, components)
        for name, prop in branch.get("properties", {}).items():
            prop = _resolve(prop, components)
            if prop.get("type") == "string" or "enum" in prop or "pattern" in prop:
                names.append(name) if name not in names else None
    return listed, names


def _cases(schema: dict, built) -> list[tuple[str, str, str, bool]]:
    game = str(built.games["r3b1"].pk)
    values = {"slug": "spring-open", "number": "3", "board": "1", "index": "2", "id": game, "key": rating_keys()[0]}
    values["team_id"] = "1"
    components = schema["components"]["schemas"]
    cases = []
    for template, operations in schema["paths"].items():
        # A report is read only for a published game of its player (Anna plays the reported board r2b2).
        # Results are entered in a published round (2), boards edited in a paired one (3).
        here = {**values, "id": str(built.games["r2b2"].pk)} if "/report/" in template else values
        here = {**here, "number": "2"} if template.endswith("/results/") else here
        path = re.sub(r"\{(\w+)\}", lambda m, here=here: here[m[1]], template)
        for method, operation in operations.items():
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if method not in WRITES or body is None:
                continue
            listed, names = _string_properties(body["schema"], components)
            cases += [(method, path, name, listed) for name in names]
    return cases


def _reasons(errors: dict | list, name: str) -> list[str]:
    """The reasons given for field ``name``: the errors are {field: [reason]} or [{row or board, field, reason}]."""
    if isinstance(errors, dict):
        return [str(reason) for reason in errors.get(name, [])]
    return [error["reason"] for error in errors if error["field"] == name]


def test_every_write_refuses_a_nul_in_any_string_naming_the_field(world):
    built, client, player = world
    schema = client.get("/api/schema/", {"format": "json"}).json()
    cases = _cases(schema, built)
    assert len(cases) > 30 and {"client_id", "position", "name", "city", "federation"} <= {c[2] for c in cases}
    for method, path, name, listed in cases:
        row = {"board": 1, name: NUL} if path.endswith("/results/") and name != "board" else {name: NUL}
        body = [row] if listed else row
        caller = player if "/report/" in path else client  # a report is its player's (past the 403)
        answer = getattr(caller, method)(path, body, format="json")
        assert answer.status_code == 400, (method, path, name, answer.status_code, answer.content[:300])
        errors = answer.json()["errors"]
        assert _reasons(errors, name), (method, path, name, errors)  # a text field says why; a choice, "not a choice"


def test_a_nul_in_a_form_body_is_refused_too(world):
    _, client, _ = world
    answer = client.post("/api/auth/token/", {"username": NUL, "password": "x"})
    assert answer.status_code == 400 and "username" in answer.json()["errors"]


def test_a_nul_in_an_imported_csv_is_refused_naming_its_row(world):
    _, client, _ = world
    for dry_run in ("1", "0"):
        answer = client.generic(
            "POST",
            f"/api/events/spring-open/players/?dry_run={dry_run}",
            "name,rating\nZoe Zed,1500\nNu\u0000l,1400\n".encode(),
            content_type="text/csv",
        )
        assert answer.status_code == 400, answer.content
        assert answer.json()["errors"] == [{"row": 3, "field": "body", "reason": "a NUL character (\\u0000) is not allowed"}]


def test_a_nul_in_a_move_client_id_or_a_result_position_changes_nothing(world):
    built, client, _ = world
    game = built.games["r3b1"]
    answer = client.post(f"/api/games/{game.pk}/moves/", {"move": "e4", "client_id": NUL}, format="json")
    assert answer.status_code == 400 and list(answer.json()["errors"]) == ["client_id"]
    rows = [{"board": 1, "result": "1-0", "termination": "checkmate", "position": NUL}]  # round 2's board 1
    answer = client.post("/api/events/spring-open/rounds/2/results/", rows, format="json")
    assert answer.status_code == 400 and answer.json()["errors"][0]["field"] == "position"
    game.refresh_from_db()
    assert game.moves == [] and game.result == ""
    decided = built.games["r2b1"]
    decided.refresh_from_db()
    assert decided.result == "0-1"
