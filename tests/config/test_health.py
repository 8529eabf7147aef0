"""/healthz reports the database and the broker; 503 names what is down."""

from __future__ import annotations

import pytest


@pytest.mark.django_db
def test_healthy_returns_200_with_checks(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["checks"]["database"] == "ok"


@pytest.mark.django_db
def test_broker_down_is_503_naming_it(client, settings):
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["down"] == ["broker"]


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/admin/login/", "/api/", "/api/docs/", "/api/schema/", "/"])
def test_entry_points_are_served(client, path):
    assert client.get(path).status_code == 200
