"""POST /api/auth/token/ gives a token (throttled), requests send ``Authorization: Token``, revoke ends it."""

from __future__ import annotations

import pytest
from django.core.cache import caches
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from tests.scoring import db

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_throttle():
    caches["throttle"].clear()
    yield
    caches["throttle"].clear()


def test_a_valid_login_returns_a_token_that_authenticates_requests():
    db.user("anna")
    client = APIClient()
    response = client.post("/api/auth/token/", {"username": "anna", "password": db.PASSWORD}, format="json")
    assert response.status_code == 200
    token = response.json()["token"]
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.get("/api/me/games/").status_code == 200
    # The same account gets the same token again.
    assert APIClient().post("/api/auth/token/", {"username": "anna", "password": db.PASSWORD}).json()["token"] == token


def test_wrong_credentials_are_a_400_naming_the_password():
    db.user("anna")
    response = APIClient().post("/api/auth/token/", {"username": "anna", "password": "nope"}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert "password" in body["errors"]
    assert "token" not in body


def test_missing_fields_are_named():
    response = APIClient().post("/api/auth/token/", {"username": "anna"}, format="json")
    assert response.status_code == 400
    assert "password" in response.json()["errors"]


def test_logins_are_throttled_with_the_login_rate(monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"login": "2/min"})
    client = APIClient()
    codes = [client.post("/api/auth/token/", {"username": "x", "password": "y"}).status_code for _ in range(3)]
    assert codes == [400, 400, 429]


def test_a_made_up_forwarded_address_does_not_escape_the_login_throttle(monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"login": "2/min"})
    client = APIClient()
    codes = [
        client.post("/api/auth/token/", {"username": "x", "password": "y"}, HTTP_X_FORWARDED_FOR=f"10.0.0.{i}").status_code
        for i in range(3)
    ]
    assert codes == [400, 400, 429]


def test_me_games_needs_a_token():
    assert APIClient().get("/api/me/games/").status_code == 401


def test_revoking_ends_the_token():
    db.user("anna")
    client = APIClient()
    token = client.post("/api/auth/token/", {"username": "anna", "password": db.PASSWORD}).json()["token"]
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.post("/api/auth/token/revoke/").status_code == 204
    assert client.get("/api/me/games/").status_code == 401
