"""The channel layer and the HTTPS switch come from the environment like every other setting.

CHANNEL_LAYER_URL (or REDIS_URL) picks channels-redis, unset means the in-memory layer of `make run`; a bad URL stops
the process with one line naming it. HTTPS=0 (the compose trial on http://localhost:8000) turns off the redirect to
https, HSTS and Secure cookies; by default, with DEBUG off, they are on.
"""

from __future__ import annotations

import json

import pytest

from config.env import channel_layers
from tests.config.test_settings_from_env import run_manage

SHOW = (
    "from django.conf import settings as s; import json; print(json.dumps([s.CHANNEL_LAYERS['default']['BACKEND'], "
    "s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_HSTS_SECONDS, s.ASGI_APPLICATION]))"
)
PRODUCTION = {"DEBUG": "0", "SECRET_KEY": "x" * 60, "ALLOWED_HOSTS": "localhost"}


def shown(**env: str) -> list:
    proc = run_manage("shell", "-c", SHOW, **env)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_without_a_url_the_layer_is_in_memory_and_with_one_it_is_redis():
    assert channel_layers("")["default"]["BACKEND"] == "channels.layers.InMemoryChannelLayer"
    layer = channel_layers("redis://cache.internal:6380/3", prefix="site")["default"]
    assert layer["BACKEND"] == "channels_redis.core.RedisChannelLayer"
    assert layer["CONFIG"]["hosts"][0]["address"] == "redis://cache.internal:6380/3" and layer["CONFIG"]["prefix"] == "site"
    # Longer than the layer's 5 s blocking wait, or every idle socket's wait ends in a read timeout.
    assert layer["CONFIG"]["hosts"][0]["socket_timeout"] > 5
    assert shown(CHANNEL_LAYER_URL="", REDIS_URL="")[0] == "channels.layers.InMemoryChannelLayer"
    assert shown(CHANNEL_LAYER_URL="", REDIS_URL="redis://127.0.0.1:6379/9")[0] == "channels_redis.core.RedisChannelLayer"


@pytest.mark.parametrize("url", ["memcached://localhost:11211", "redis://localhost:port/0", "redis://"])
def test_a_malformed_channel_layer_url_is_one_clear_line(url):
    proc = run_manage("check", CHANNEL_LAYER_URL=url)
    assert proc.returncode != 0
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "CHANNEL_LAYER_URL" in lines[0], proc.stderr


def test_production_is_https_unless_told_it_is_a_plain_http_trial():
    assert shown(**PRODUCTION)[1:5] == [True, True, True, 31536000]
    assert shown(**PRODUCTION, HTTPS="0")[1:5] == [False, False, False, 0]
    assert shown(**PRODUCTION, HTTPS="0", SECURE_SSL_REDIRECT="1")[1] is False  # no redirect to a TLS nobody serves
    assert shown(**PRODUCTION)[5] == "config.asgi.application"


def test_postgresql_connections_come_from_a_pool_when_the_server_asks_for_one(monkeypatch):
    from config.env import database_config

    monkeypatch.delenv("DB_POOL_SIZE", raising=False)
    assert "pool" not in database_config("postgres://u@db.internal:5432/events", "unused.sqlite3").get("OPTIONS", {})
    monkeypatch.setenv("DB_POOL_SIZE", "7")
    pooled = database_config("postgres://u@db.internal:5432/events", "unused.sqlite3")
    assert pooled["OPTIONS"]["pool"]["max_size"] == 7 and pooled["CONN_MAX_AGE"] == 0  # Django's rule for a pool
    assert pooled["CONN_HEALTH_CHECKS"] is True  # a pooled connection is checked before it is handed out again
    assert "pool" not in database_config("", "db.sqlite3").get("OPTIONS", {})
