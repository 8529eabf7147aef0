"""A real ASGI server (uvicorn, the one `make run` and the container use) serving config.asgi in a thread, for
tests that go over real HTTP and real websockets: the game actions, the sockets, the live page in Chromium.

The server shares this process's channel layer (in memory, or Redis when CHANNEL_LAYER_URL is set as in CI) and
its test database (tests using it need ``transactional_db`` so that the server's threads see committed rows). One
server serves every test of a module; each test's rows are flushed after it as ``transactional_db`` does.
"""

from __future__ import annotations

import gc
import http.client
import json
import os
import threading
import time
from dataclasses import dataclass

import pytest


@dataclass
class Served:
    host: str
    port: int

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def ws_url(self, path: str) -> str:
        return f"ws://{self.host}:{self.port}{path}"

    def request(self, method: str, path: str, body: object = None, token: str = "", headers: dict | None = None):
        """(status, parsed JSON or text) of one request over a fresh TCP connection."""
        connection = http.client.HTTPConnection(self.host, self.port, timeout=10)
        sent = {"Content-Type": "application/json", **(headers or {})}
        if token:
            sent["Authorization"] = f"Token {token}"
        payload = None if body is None else (body if isinstance(body, str | bytes) else json.dumps(body))
        try:
            connection.request(method, path, body=payload, headers=sent)
            response = connection.getresponse()
            text = response.read().decode()
        finally:
            connection.close()
        try:
            return response.status, json.loads(text)
        except ValueError:
            return response.status, text


@pytest.fixture
def asgi_server(transactional_db, asgi_server_of_module):
    """The module's server, for a test whose rows it must see (committed: ``transactional_db``)."""
    return asgi_server_of_module


@pytest.fixture(scope="module")
def asgi_server_of_module(django_db_setup):
    """One server per test module: starting is quick, but stopping waits for uvicorn's main loop and its open
    connections, which cost each test that had a server of its own about a third of a second."""
    import uvicorn
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
    from django.db import connections

    from config.asgi import application

    # The server runs each request in a thread of its own; a connection kept per thread (CONN_MAX_AGE) would stay
    # open after the test, and the test database could not be dropped. The container pools them (DB_POOL_SIZE).
    kept = connections.settings["default"]["CONN_MAX_AGE"]
    connections.settings["default"]["CONN_MAX_AGE"] = 0

    # Static files from the apps' directories, DEBUG or not (tests run with DEBUG off, nothing is collected).
    served = ASGIStaticFilesHandler(application)
    options = {"log_level": "warning", "lifespan": "off", "ws": "websockets-sansio", "ws_per_message_deflate": False}
    # TEST_ASGI_PORT: a fixed port (a machine shared by several runs hands each its own ports); else any free one.
    port = int(os.environ.get("TEST_ASGI_PORT", "0"))
    config = uvicorn.Config(served, host="127.0.0.1", port=port, **options)  # as `make run` serves
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="test-asgi-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test ASGI server did not start")
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    yield Served("127.0.0.1", port)
    server.should_exit = True
    thread.join(timeout=10)
    connections.settings["default"]["CONN_MAX_AGE"] = kept
    gc.collect()  # a connection of a finished request thread not closed yet goes with its thread's objects


def token_for(user) -> str:
    from rest_framework.authtoken.models import Token

    return Token.objects.get_or_create(user=user)[0].key


@pytest.fixture(scope="module")
def in_memory_layer():
    """The in-memory channel layer for a test whose sockets a uvicorn of the test process serves, whatever the run
    configures (Redis in CI). On channels-redis one event loop at a time may wait on the process's channels; the
    test server's loop, ended while its hub waits, has been seen to leave the layer bound to it (``Two event loops
    are trying to receive() on one channel layer at once``, or its lock bound to the ended loop), failing the socket
    tests that come after it. The Redis layer itself is covered by the tests of tests/games/test_sockets_*.py that
    run the sockets in the test's own loop."""
    # For the whole module, as its server is (asgi_server_of_module): the server's hub listens on the layer it first
    # joined through, so a layer made anew for each test would never hear the next test's pushes.
    from django.test import override_settings

    with override_settings(CHANNEL_LAYERS={"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}):
        yield
