"""Fixtures of the client tests: ``asgi_server``, a real uvicorn serving config.asgi (tests/games/asgi_server.py)."""

from tests.games.asgi_server import asgi_server, in_memory_layer

__all__ = ["asgi_server", "in_memory_layer"]
