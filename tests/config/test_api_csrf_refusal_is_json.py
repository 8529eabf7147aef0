"""A write without a CSRF token never gets Django's HTML 403 under /api/: a path no API route matches is its JSON
404 (that view changes nothing, so it skips the check), and a CSRF refusal is JSON in the one shape; the pages
keep Django's own refusal."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.test.client import RequestFactory

from config import api_errors

pytestmark = pytest.mark.django_db


def test_a_write_to_no_api_route_is_a_json_404_not_a_csrf_refusal():
    client = Client(enforce_csrf_checks=True)
    client.cookies["sessionid"] = "stale"
    response = client.post("/api/events/x/rounds/null/", data="{}", content_type="application/json")
    assert response.status_code == 404
    assert json.loads(response.content)["errors"]["path"]


def test_a_csrf_refusal_is_json_under_the_api_and_html_elsewhere():
    factory = RequestFactory()
    api = api_errors.csrf_failure(factory.post("/api/games/1/moves/"), reason="CSRF cookie not set.")
    assert api.status_code == 403 and api["Content-Type"].startswith("application/json")
    assert "CSRF cookie not set" in json.loads(api.content)["errors"]["csrf"][0]
    page = api_errors.csrf_failure(factory.post("/accounts/login/"), reason="CSRF cookie not set.")
    assert page.status_code == 403 and page["Content-Type"].startswith("text/html")
