"""/healthz reports the database, the broker, the cache and the channel layer; 503 names what is down."""

from __future__ import annotations

import asyncio
import os
import socket

import pytest

from config.env import channel_layers

# The machine's Redis (CI starts it), in a database number no other test or CI step uses.
LAYER_URL = "redis://127.0.0.1:6379/12"


def _redis_answers() -> bool:
    try:
        socket.create_connection(("127.0.0.1", 6379), timeout=1).close()
    except OSError:
        return False
    return True


needs_redis = pytest.mark.skipif(not _redis_answers(), reason="no Redis at 127.0.0.1:6379 (.ci/run starts one)")


@pytest.fixture(autouse=True)
def beat_and_a_worker_alive(db):
    """With a broker configured (CI), beat and a worker are named down unless their heartbeats are fresh: here
    they are (tests/config/test_healthz_names_a_dead_beat_or_worker.py covers their absence)."""
    from config.heartbeats import note_ran, note_sent

    note_sent()
    note_ran("test-worker")


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


@pytest.mark.django_db
def test_the_in_memory_channel_layer_is_named_local(client, settings):
    settings.CHANNEL_LAYERS = channel_layers("")
    response = client.get("/healthz")
    assert response.status_code == 200 and response.json()["checks"]["channel_layer"] == "local"


@needs_redis
@pytest.mark.django_db
def test_a_redis_channel_layer_carries_a_message_to_a_fresh_channel_and_back(client, settings):
    settings.CHANNEL_LAYERS = channel_layers(LAYER_URL, prefix=f"healthz_test_{os.getpid()}")
    for _ in range(2):  # again: the layer's connections of the first check's loop must not stand in the way
        response = client.get("/healthz")
        assert response.status_code == 200
        assert response.json()["checks"]["channel_layer"] == "ok"


@pytest.mark.django_db
def test_a_channel_layer_that_does_not_answer_is_named_without_failing_the_web(client, settings):
    settings.CHANNEL_LAYERS = channel_layers("redis://127.0.0.1:1/0")  # nothing listens on port 1
    response = client.get("/healthz")
    assert response.status_code == 200  # pages, the API and writes still work; only live updates stop
    body = response.json()
    assert body["status"] == "degraded" and body["down"] == ["channel_layer"]
    assert body["checks"]["channel_layer"] == "down: ConnectionError"


@needs_redis
@pytest.mark.django_db
def test_a_channel_layer_that_takes_a_message_but_never_delivers_it_is_down_after_the_timeout(client, settings, monkeypatch):
    from channels.layers import get_channel_layer

    settings.CHANNEL_LAYERS = channel_layers(LAYER_URL, prefix=f"healthz_test_{os.getpid()}")
    monkeypatch.setattr("config.health.LAYER_TIMEOUT", 0.3)
    layer = get_channel_layer()

    async def never(channel):
        await asyncio.sleep(60)

    monkeypatch.setattr(layer, "receive", never)
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["checks"]["channel_layer"] == "down: TimeoutError"
