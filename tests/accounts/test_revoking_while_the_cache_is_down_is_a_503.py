"""Revoking a token while its shared cache (Redis) does not answer: 503 naming the token, and
the token is not revoked (a deletion that every process's cache did not hear of would leave it usable where it
is cached), as the login answers 503 when its limits cannot be checked. Never a 500 (issue 25)."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts import token_cache
from tests.scoring import db

pytestmark = pytest.mark.django_db
NOBODY_LISTENS = "redis://127.0.0.1:1/9"  # port 1: the connection is refused at once


@pytest.fixture
def cache_down(settings):
    settings.CACHES = {
        **settings.CACHES,
        token_cache.CACHE_ALIAS: {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": NOBODY_LISTENS},
    }
    yield


def test_a_revocation_the_cache_cannot_hear_is_refused_with_503_and_the_token_stays(cache_down):
    token = Token.objects.create(user=db.user())
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    answer = client.post("/api/auth/token/revoke/")
    assert answer.status_code == 503, answer.content
    assert "token" in answer.json()["errors"] and answer.json()["detail"]
    assert Token.objects.filter(pk=token.pk).exists()
