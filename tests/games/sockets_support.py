"""Helpers of the socket tests: WebsocketCommunicator against the project's ASGI application (config.asgi).

Each test is a plain function that runs its scenario with ``async_to_sync``; the ORM work of a scenario (a move,
publishing a round) runs through ``database_sync_to_async`` in the test's own thread and database connection, and
the consumers' reads run there too. Tests need ``transaction=True`` (the consumers read committed rows).
"""

from __future__ import annotations

from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client
from rest_framework.test import APIClient

from config.asgi import application


def session_cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}".encode()


def headers_for(user=None) -> list[tuple[bytes, bytes]]:
    """A page of our own host opening the socket (the origin check), logged in as ``user`` if given."""
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if user is not None:
        headers.append((b"cookie", session_cookie(user)))
    return headers


async def opened(path: str, headers: list[tuple[bytes, bytes]]) -> WebsocketCommunicator:
    socket = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await socket.connect(timeout=5)
    assert connected, path
    return socket


def api_post(user, path: str, body: dict | None = None):
    """A player's POST through the API views (DRF's test client), which push after commit like any request."""
    client = APIClient()
    client.force_authenticate(user)
    return client.post(path, body or {}, format="json")


def api_get(path: str) -> dict:
    return APIClient().get(path).json()
