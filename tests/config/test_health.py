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


@pytest.mark.django_db
def test_a_cache_that_does_not_answer_is_a_503_naming_the_cache(client, settings):
    settings.REDIS_CACHE_URL = "redis://127.0.0.1:1/0"
    settings.CACHES = {
        **settings.CACHES,
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": "redis://127.0.0.1:1/0"},
    }
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["down"] == ["cache"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("state", "stamp", "part"),
    [("waiting", "created_at", "sender"), ("sent", "sent_at", "worker")],
)
def test_tasks_stuck_in_the_outbox_name_the_sender_or_the_worker_without_failing_the_web(
    client, settings, monkeypatch, state, stamp, part
):
    from datetime import timedelta

    from django.utils import timezone

    from outbox.models import Task

    settings.CELERY_BROKER_URL = "redis://127.0.0.1:6379/0"
    monkeypatch.setattr("config.health._broker", lambda: "ok")
    task = Task.objects.create(name="games.check_flag", state=state, sent_at=timezone.now())
    assert client.get("/healthz").json()["checks"][part] == "ok"  # just recorded: not late
    Task.objects.filter(pk=task.pk).update(**{stamp: timezone.now() - timedelta(minutes=3)})
    response = client.get("/healthz")
    assert response.status_code == 200  # the web process serves; the body says what lags
    body = response.json()
    assert body["status"] == "degraded" and body["down"] == [part]
    assert body["checks"][part].startswith("down: 1 task(s)")
