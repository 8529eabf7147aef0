"""Reading settings from the environment strictly: a bad value stops the process with one clear line.

``SystemExit`` with a message prints that message alone (no traceback) from ``manage.py``, gunicorn and
Celery alike, which is what an operator wants to see for a misconfiguration.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit

TRUE = {"1", "true", "yes", "on"}
FALSE = {"0", "false", "no", "off", ""}


def fail(message: str) -> None:
    raise SystemExit(f"configuration error: {message}")


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default).strip()


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in TRUE:
        return True
    if value in FALSE:
        return False
    fail(f"{name} must be one of 1/0, true/false, yes/no, on/off, not {raw!r}")
    return default  # unreachable


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        fail(f"{name} must be a whole number, not {raw!r}")
        return default  # unreachable


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


# SQLite: every transaction starts as a writer (BEGIN IMMEDIATE) and waits up to 20 s for another writer. With the
# default deferred transactions two requests that read then write (a move, a login) deadlock on the lock upgrade
# and one fails at once with "database is locked" (tests/games/test_live_sqlite_concurrent_moves_wait_...).
SQLITE_OPTIONS = {"transaction_mode": "IMMEDIATE", "timeout": 20}


POSTGRESQL_ENGINE = "config.postgresql"


def database_config(url: str, default_sqlite_path: str) -> dict:
    """Django's DATABASES['default'] from DATABASE_URL; an empty URL means the embedded SQLite file."""
    import dj_database_url

    if not url:
        return {"ENGINE": "django.db.backends.sqlite3", "NAME": default_sqlite_path, "OPTIONS": dict(SQLITE_OPTIONS)}
    parts = urlsplit(url)
    if parts.scheme not in {"postgres", "postgresql", "pgsql", "sqlite"}:
        fail(f"DATABASE_URL must start with postgres:// or sqlite://, not {url.split(':', 1)[0]!r}")
    if parts.scheme != "sqlite" and not parts.path.strip("/"):
        fail("DATABASE_URL names no database (expected postgres://user@host:port/NAME)")
    try:
        config = dj_database_url.parse(url, conn_max_age=env_int("DB_CONN_MAX_AGE", 60), conn_health_checks=True)
    except Exception as exc:  # dj-database-url raises plain ValueErrors and more for malformed URLs
        fail(f"DATABASE_URL is malformed: {exc}")
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = {**SQLITE_OPTIONS, **config.get("OPTIONS", {})}
    if config["ENGINE"] == "django.db.backends.postgresql":
        config["ENGINE"] = POSTGRESQL_ENGINE  # Django's, with a health check that sends no query
    pool_size = env_int("DB_POOL_SIZE", 0)
    if config["ENGINE"] == POSTGRESQL_ENGINE and pool_size > 0:
        # Served over ASGI every request runs in a thread of its own, so a connection kept per thread (CONN_MAX_AGE)
        # stays behind with it: one PostgreSQL backend per request until "too many clients". The container sets
        # DB_POOL_SIZE: connections then come from one pool per process (psycopg_pool), are handed back after each
        # request and checked before they are handed out again (CONN_HEALTH_CHECKS), as kept ones are.
        config["CONN_MAX_AGE"] = 0
        config["OPTIONS"] = {**config.get("OPTIONS", {}), "pool": {"min_size": 1, "max_size": pool_size, "timeout": 20}}
    return config


def broker_url(url: str) -> str:
    """Validate CELERY_BROKER_URL; empty means tasks run eagerly in-process."""
    if not url:
        return ""
    parts = urlsplit(url)
    if parts.scheme not in {"redis", "rediss", "amqp", "amqps", "memory"}:
        fail(f"CELERY_BROKER_URL must start with redis://, rediss:// or amqp://, not {url!r}")
    try:
        parts.port  # noqa: B018 - raises ValueError for a non-numeric port
    except ValueError:
        fail(f"CELERY_BROKER_URL has a bad port: {url!r}")
    if parts.scheme != "memory" and not parts.hostname:
        fail(f"CELERY_BROKER_URL names no host: {url!r}")
    return url


def channel_layers(url: str, prefix: str = "rvchess") -> dict:
    """Django Channels' CHANNEL_LAYERS from CHANNEL_LAYER_URL (or REDIS_URL).

    Empty means the in-memory layer, which reaches only the sockets of this one process: enough for `make run`,
    never for several web processes (a move answered by one must reach the sockets held by the others).
    """
    # Capacity: each server process listens on one channel of its own for every game and event it watches
    # (games.fanout), so its queue holds the pushes of all of them until the listener takes them.
    if not url:
        return {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer", "CONFIG": {"capacity": 1000}}}
    parts = urlsplit(url)
    if parts.scheme not in {"redis", "rediss"}:
        fail(f"CHANNEL_LAYER_URL must start with redis:// or rediss://, not {url.split(':', 1)[0]!r}")
    try:
        parts.port  # noqa: B018 - raises ValueError for a non-numeric port
    except ValueError:
        fail(f"CHANNEL_LAYER_URL has a bad port: {url!r}")
    if not parts.hostname:
        fail(f"CHANNEL_LAYER_URL names no host: {url!r}")
    return {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            # The layer waits up to 5 s for a message (BZPOPMIN); the Redis client's own default read timeout is
            # also 5 s, which would cut every idle wait short with an error: reads may take longer here.
            "CONFIG": {"hosts": [{"address": url, "socket_timeout": 15, **reconnecting()}], "prefix": prefix, "capacity": 1000},
        }
    }


def reconnecting() -> dict:
    """Connection options of the channel layer's Redis pools: a command that meets a dead connection (Redis was
    restarted since the pool opened it) is sent again once, on a fresh connection. channels-redis's pools retry
    nothing by default, so the first push of every process after a restart was lost. Longer outages are the
    business of games.resend (pushes kept and sent again) and games.fanout (watchers re-subscribed and resynced)."""
    from redis.asyncio.retry import Retry
    from redis.backoff import NoBackoff
    from redis.exceptions import ConnectionError as RedisConnectionError
    from redis.exceptions import TimeoutError as RedisTimeoutError

    return {"retry": Retry(NoBackoff(), 1), "retry_on_error": [RedisConnectionError, RedisTimeoutError, OSError]}


# --- mail --------------------------------------------------------------------------------------------------
MAIL_SCHEMES = {"smtp": (False, False), "smtp+tls": (True, False), "smtp+ssl": (False, True)}
CONSOLE_MAIL = {
    "EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend",
    "EMAIL_HOST": "localhost",
    "EMAIL_PORT": 25,
    "EMAIL_HOST_USER": "",
    "EMAIL_HOST_PASSWORD": "",
    "EMAIL_USE_TLS": False,
    "EMAIL_USE_SSL": False,
    "EMAIL_TIMEOUT": 10,
}


def email_config(url: str) -> dict:
    """Django's EMAIL_* settings from EMAIL_URL (``smtp://user:pass@host:port``, ``smtp+tls://`` for STARTTLS,
    ``smtp+ssl://`` for implicit TLS). Empty means the console backend: each mail is printed where ``make run``
    runs, so a director trying it out sees the links."""
    from urllib.parse import unquote

    if not url:
        return {**CONSOLE_MAIL}
    parts = urlsplit(url)
    if parts.scheme not in MAIL_SCHEMES:
        fail(f"EMAIL_URL must start with smtp://, smtp+tls:// or smtp+ssl://, not {url.split(':', 1)[0]!r}")
    try:
        port = parts.port
    except ValueError:
        fail(f"EMAIL_URL has a bad port: {parts.scheme}://{parts.hostname or ''}:…")
        port = None  # unreachable
    if not parts.hostname:
        fail(f"EMAIL_URL names no host (expected {parts.scheme}://user:pass@host:port)")
    tls, ssl = MAIL_SCHEMES[parts.scheme]
    return {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": parts.hostname,
        "EMAIL_PORT": port or (465 if ssl else 587 if tls else 25),
        "EMAIL_HOST_USER": unquote(parts.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
        "EMAIL_USE_TLS": tls,
        "EMAIL_USE_SSL": ssl,
        "EMAIL_TIMEOUT": 10,  # a mail server that hangs must not hold a worker: the mail waits and is tried again
    }
