"""Fixtures of the accounts tests: ``asgi_server``, a real uvicorn serving config.asgi (tests/games/asgi_server.py),
and ``clock``, the login limits' clock (accounts.throttling._now) under the test's hand, with an empty store."""

import pytest
from django.core.cache import caches

from accounts import throttling
from tests.games.asgi_server import asgi_server, asgi_server_of_module

__all__ = ["asgi_server", "asgi_server_of_module", "clock"]


class Clock:
    def __init__(self, start: float = 1_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch):
    caches["throttle"].clear()
    fake = Clock()
    monkeypatch.setattr(throttling, "_now", fake)
    yield fake
    caches["throttle"].clear()
