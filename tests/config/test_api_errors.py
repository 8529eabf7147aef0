"""Every API refusal is JSON naming what was wrong, including bodies that are not JSON or too large."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def test_malformed_json_names_the_body():
    response = APIClient().post("/api/auth/token/", data="{not json", content_type="application/json")
    assert response.status_code == 400
    assert "body" in response.json()["errors"]


def test_an_oversized_body_is_a_413_naming_the_body(settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    big = '{"username": "' + "x" * 5000 + '", "password": "p"}'
    response = APIClient().post("/api/auth/token/", data=big, content_type="application/json")
    assert response.status_code == 413
    assert response.json()["errors"]["body"]


def test_a_wrong_method_names_the_method():
    response = APIClient().delete("/api/auth/token/")
    assert response.status_code == 405
    assert "method" in response.json()["errors"]
