"""A JSON body nested too deeply or too big is a 4xx naming the body, never a 500, on every API endpoint;
forms and pages are untouched by the bound."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from config.parsers import MAX_DEPTH, nesting_depth
from tests.games.live_support import make_game
from tests.scoring import db
from tournaments.models import Game

pytestmark = pytest.mark.django_db

NESTED_4KB = "[" * 2048 + "]" * 2048  # deep enough to exhaust Python's recursion limit in json.loads


def _anonymous() -> APIClient:
    # raise_request_exception off: a 500 must show up as a status here, not as an exception of the test client
    return APIClient(raise_request_exception=False)


def _as(user) -> APIClient:
    client = _anonymous()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client


def test_a_deep_body_to_the_token_endpoint_is_a_400_naming_the_body():
    response = _anonymous().post("/api/auth/token/", data=NESTED_4KB, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"]["body"][0].startswith("the body nests arrays or objects deeper than")


@pytest.mark.parametrize("path", ["/api/games/{id}/moves/", "/api/games/{id}/report/"])
def test_a_deep_body_to_the_move_and_report_endpoints_is_never_a_500(path):
    game, white, _ = make_game()
    url = path.format(id=game.pk)
    anonymous = _anonymous().post(url, data=NESTED_4KB, content_type="application/json")
    assert anonymous.status_code == 401  # who is asking is checked first; the body is never decoded
    player = _as(white).post(url, data=NESTED_4KB, content_type="application/json")
    assert player.status_code == 400
    reasons = [reason for reasons in player.json()["errors"].values() for reason in reasons]
    assert any("deeper than" in reason for reason in reasons), player.json()
    assert Game.objects.get(pk=game.pk).moves == []


def test_a_body_as_deep_as_the_limit_still_parses():
    body = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    response = _anonymous().post("/api/auth/token/", data=body, content_type="application/json")
    assert response.status_code == 400
    assert "deeper than" not in response.content.decode()  # refused by the serializer (not an object), not the parser


def test_brackets_inside_strings_do_not_count():
    text = '{"username": "' + "[" * 500 + '", "password": "x"}'
    assert nesting_depth(text) <= 1 + MAX_DEPTH
    response = _anonymous().post("/api/auth/token/", data=text, content_type="application/json")
    assert response.status_code == 400
    assert "username" in response.json()["errors"] or "password" in response.json()["errors"]


def test_the_depth_scan_counts_objects_and_arrays_alike():
    assert nesting_depth('{"a": [{"b": [1]}]}', limit=2) == 3
    assert nesting_depth('{"a": "\\"[[[["}', limit=0) == 1  # an escaped quote does not end the string


def test_an_oversized_json_body_is_a_413_naming_the_body_even_as_a_stream(settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    body = '{"username": "' + "x" * 5000 + '", "password": "p"}'
    response = _anonymous().post("/api/auth/token/", data=body, content_type="application/json")
    assert response.status_code == 413
    assert response.json()["errors"]["body"]


def test_a_body_in_a_text_encoding_that_does_not_decode_is_a_400():
    response = _anonymous().post("/api/auth/token/", data=b'{"username": "\xff"}', content_type="application/json; charset=utf-8")
    assert response.status_code == 400
    assert "body" in response.json()["errors"]


def test_form_posts_are_not_affected():
    db.user("anna")
    deep_value = "[" * 100  # a form value is text: brackets in it mean nothing
    form = _anonymous().post("/api/auth/token/", {"username": "anna", "password": db.PASSWORD})
    assert form.status_code == 200 and form.json()["token"]
    odd = _anonymous().post("/api/auth/token/", {"username": deep_value, "password": "x"})
    assert odd.status_code == 400 and "password" in odd.json()["errors"]


def test_pages_and_the_admin_login_form_are_not_affected():
    db.user("olga", is_staff=True)
    client = Client()
    page = client.post("/admin/login/?next=/admin/", {"username": "olga", "password": db.PASSWORD})
    assert page.status_code == 302 and page["Location"] == "/admin/"
    assert client.get("/").status_code == 200
