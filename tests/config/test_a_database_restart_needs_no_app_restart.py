"""PostgreSQL dropping every connection (a restart, a failover) does not need the app restarted: connections are
checked before reuse (CONN_HEALTH_CHECKS), so the next request after the drop is answered normally.

Served for real by gunicorn, with connections kept between requests (DB_CONN_MAX_AGE) or taken from a pool
(DB_POOL_SIZE, as the container serves), on a database of the test's own on the server of DATABASE_URL; the drop
is ``pg_terminate_backend`` of every connection to it. Runs where DATABASE_URL is PostgreSQL (CI's ``make test``).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest

from config.env import database_config
from tests.config.served import app_env, gunicorn, http, manage

pytestmark = pytest.mark.postgres


def _server_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if urlsplit(url).scheme not in ("postgres", "postgresql"):
        pytest.skip("needs PostgreSQL: set DATABASE_URL (CI does)")
    return url


def _with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))


def _terminate_all(admin: psycopg.Connection, name: str) -> int:
    # With a timeout, pg_terminate_backend waits until each backend has gone, as a restart's would have; without it
    # the worker's health check could still meet a live backend that dies on the query after it.
    rows = admin.execute(
        "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
        [name],
    ).fetchall()
    return len(rows)


def test_the_settings_check_connections_before_reuse(monkeypatch):
    monkeypatch.delenv("DB_POOL_SIZE", raising=False)
    config = database_config("postgres://u@db.internal:5432/events", "unused.sqlite3")
    assert config["CONN_HEALTH_CHECKS"] is True and config["CONN_MAX_AGE"] > 0
    monkeypatch.setenv("DB_POOL_SIZE", "4")
    pooled = database_config("postgres://u@db.internal:5432/events", "unused.sqlite3")
    assert pooled["CONN_HEALTH_CHECKS"] is True and pooled["OPTIONS"]["pool"]["max_size"] == 4


@pytest.fixture(scope="module")
def migrated() -> Iterator[tuple[psycopg.Connection, str, str]]:
    """(a connection to the server's ``postgres`` database, the name and the URL of a migrated database of this
    module's own): both cases serve the same database, so it is migrated once."""
    server = _server_url()
    name = f"rvchess_restart_{uuid.uuid4().hex[:8]}"
    admin = psycopg.connect(_with_database(server, "postgres"), autocommit=True)
    admin.execute(f'CREATE DATABASE "{name}"')
    try:
        url = _with_database(server, name)
        manage(app_env(DATABASE_URL=url), "migrate", "--noinput", "-v0")
        yield admin, name, url
    finally:
        _terminate_all(admin, name)
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.close()


@pytest.mark.parametrize("keeping", [{"DB_CONN_MAX_AGE": "600"}, {"DB_POOL_SIZE": "2"}], ids=["kept", "pooled"])
def test_after_every_connection_is_terminated_the_next_request_is_answered(tmp_path, keeping, migrated):
    admin, name, url = migrated
    env = app_env(DATABASE_URL=url, **keeping)
    with gunicorn(env, tmp_path / "web.log", workers=1) as base:
        assert http("GET", f"{base}/api/events/")[0] == 200  # the worker now holds a connection
        assert _terminate_all(admin, name) >= 1  # what a PostgreSQL restart does to it
        after = [http("GET", f"{base}/api/events/")[0] for _ in range(3)]
        health = http("GET", f"{base}/healthz")
    assert after == [200, 200, 200], (tmp_path / "web.log").read_text()[-3000:]
    assert health[0] == 200 and health[1]["checks"]["database"] == "ok"
