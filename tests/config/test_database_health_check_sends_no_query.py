"""The PostgreSQL health check (config.postgresql) looks at the socket instead of sending ``SELECT 1``: a kept
connection the server still holds passes without a query, one the server ended is found unusable (and Django then
opens a new one). Runs where DATABASE_URL is PostgreSQL (CI's ``make test``)."""

from __future__ import annotations

import os
import time
from urllib.parse import urlsplit

import psycopg
import pytest
from django.db import connections
from django.db.backends.postgresql import base as django_postgresql

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


@pytest.fixture
def own_connection():
    if urlsplit(os.environ.get("DATABASE_URL", "")).scheme not in ("postgres", "postgresql"):
        pytest.skip("needs PostgreSQL: set DATABASE_URL (CI does)")
    wrapper = connections.create_connection("default")  # a connection of its own: this test ends it
    wrapper.ensure_connection()
    yield wrapper
    wrapper.close()


def test_a_held_connection_passes_without_a_query(own_connection, monkeypatch):
    def no_query(self):
        raise AssertionError("the health check sent a query")

    monkeypatch.setattr(django_postgresql.DatabaseWrapper, "is_usable", no_query)
    assert own_connection.is_usable()


def test_a_connection_the_server_ended_is_unusable(own_connection):
    pid = own_connection.connection.info.backend_pid
    params = own_connection.get_connection_params()
    params.pop("cursor_factory", None)
    params.pop("context", None)
    with psycopg.connect(**{k: v for k, v in params.items() if k in ("dbname", "user", "host", "port", "password")}) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [pid])
    deadline = time.monotonic() + 5
    while own_connection.is_usable() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not own_connection.is_usable()
