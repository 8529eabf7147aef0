"""Fixtures of the games tests: ``asgi_server``, a real uvicorn serving config.asgi (tests/games/asgi_server.py)."""

from tests.games.asgi_server import asgi_server, asgi_server_of_module, in_memory_layer

__all__ = ["asgi_server", "asgi_server_of_module", "in_memory_layer"]
