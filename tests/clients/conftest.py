"""Fixtures of the client tests: ``asgi_server``, a real uvicorn serving config.asgi (tests/games/asgi_server.py), and
``client_dir``, where the bots cache the HTTP client they generate from its schema (clients/generated.py): one
directory for the session, so the home directory's cache is left alone and bots started together share it."""

import pytest

from tests.games.asgi_server import asgi_server, asgi_server_of_module, in_memory_layer

__all__ = ["asgi_server", "asgi_server_of_module", "client_dir", "in_memory_layer"]


@pytest.fixture(scope="session")
def client_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("generated-clients")
