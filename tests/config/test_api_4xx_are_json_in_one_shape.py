"""Every 4xx under /api/ is JSON in the one error shape, including the ones Django answers before any API view
(no route: an unknown path, a negative id) and wrong methods; other paths keep Django's HTML pages."""

from __future__ import annotations

import json

import pytest
from django.test import Client, override_settings
from django.test.client import RequestFactory

from config import api_errors

pytestmark = pytest.mark.django_db


def _shape(response, field: str) -> dict:
    assert response["Content-Type"].startswith("application/json"), response["Content-Type"]
    body = json.loads(response.content)
    assert set(body) >= {"detail", "errors"}
    assert isinstance(body["errors"][field], list) and body["errors"][field][0]
    return body


@pytest.mark.parametrize(
    "path", ["/api/nothing-here/", "/api/games/-1/", "/api/games/-1/moves/", "/api/games/abc/report/", "/api/events/x/rounds/-2/"]
)
def test_no_route_under_the_api_is_a_json_404_naming_the_path(path):
    response = Client().get(path)
    assert response.status_code == 404
    assert path in _shape(response, "path")["detail"]


@override_settings(DEBUG=True)
def test_the_api_404_is_json_with_debug_on_too():
    response = Client().post("/api/games/-1/moves/", data="{}", content_type="application/json")
    assert response.status_code == 404
    _shape(response, "path")


def test_a_path_missing_its_slash_says_which_path_was_meant():
    response = Client().post("/api/auth/token", {"username": "a", "password": "b"})
    assert response.status_code == 404
    assert "did you mean /api/auth/token/" in _shape(response, "path")["detail"]


@pytest.mark.parametrize(("method", "path"), [("delete", "/api/auth/token/"), ("post", "/api/"), ("get", "/api/auth/token/")])
def test_a_wrong_method_is_a_json_405_naming_the_method(method, path):
    response = getattr(Client(), method)(path)
    assert response.status_code == 405
    _shape(response, "method")


def test_pages_outside_the_api_keep_the_html_404():
    response = Client().get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


@pytest.mark.parametrize(
    ("handler", "args", "status", "field"),
    [
        (api_errors.bad_request, (Exception("bad"),), 400, "request"),
        (api_errors.permission_denied, (Exception("no"),), 403, "permission"),
        (api_errors.page_not_found, (Exception("gone"),), 404, "path"),
        (api_errors.server_error, (), 500, "server"),
    ],
)
def test_the_handlers_answer_json_under_the_api_and_html_elsewhere(handler, args, status, field):
    factory = RequestFactory()
    api = handler(factory.get("/api/x/"), *args)
    assert api.status_code == status
    _shape(api, field)
    page = handler(factory.get("/x/"), *args)
    assert page.status_code == status
    assert not page["Content-Type"].startswith("application/json")
