"""A service the API needs that does not answer is a 503 naming it, never a 500 (issue 25): the cache (Redis)
and the Celery broker, mapped in one place (``config.api_errors.SERVICE_DOWN``)."""

from __future__ import annotations

import pytest
from kombu.exceptions import OperationalError
from redis.exceptions import ConnectionError as RedisConnectionError
from rest_framework.test import APIClient

import tournaments.api_public as api_public
from tests.pages.conftest import build_spring_open

pytestmark = pytest.mark.django_db


def test_the_cache_down_answers_503_naming_the_cache(monkeypatch):
    build_spring_open()

    def cache_down(*args, **kwargs):
        raise RedisConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(api_public.EventDetailView, "get", cache_down)
    answer = APIClient().get("/api/events/spring-open/")
    assert answer.status_code == 503, answer.content
    assert list(answer.json()["errors"]) == ["cache"] and answer["Retry-After"]


def test_the_broker_down_answers_503_naming_the_broker(monkeypatch):
    build_spring_open()

    def broker_down(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(api_public.EventDetailView, "get", broker_down)
    answer = APIClient().get("/api/events/spring-open/")
    assert answer.status_code == 503, answer.content
    assert list(answer.json()["errors"]) == ["broker"]
