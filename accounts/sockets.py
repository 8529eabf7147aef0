"""Who may open a socket (config.asgi): pages of our own hosts and programs, each known as the API knows them.

* **Origin.** A browser always sends ``Origin`` with a socket's upgrade request, so a page of another site opening
  our socket (cross-site socket hijacking, riding on the visitor's session cookie) is refused by the origin check
  (HTTP 403, as before). A request without ``Origin`` does not come from a page: it is a program (the
  ``websockets`` client sends none), and it is let through; it carries no browser's cookie unless its author put
  one there.
* **Token.** A program proves who it is as it does on the API, with ``Authorization: Token <key>`` in the upgrade
  request: the same check (:class:`accounts.authentication.TokenAuthentication`, through the shared cache that
  forgets a revoked token at once). The token's account then replaces whatever the session cookie said. A
  request naming a token that is wrong, revoked or of an inactive account is accepted and at once closed with
  :data:`BAD_TOKEN` (4401) and the reason, so that the client reads why (a refused handshake is a bare 403).
  Without the header the session cookie decides, as before (channels' AuthMiddlewareStack).
"""

from __future__ import annotations

from channels.db import database_sync_to_async
from channels.security.websocket import OriginValidator
from django.conf import settings
from rest_framework import exceptions

from accounts.authentication import TokenAuthentication

BAD_TOKEN = 4401
KEYWORD = b"token"


class ProgramOrOwnPageOrigin(OriginValidator):
    """The origin check of channels' ``AllowedHostsOriginValidator``, for requests that send an ``Origin``."""

    async def __call__(self, scope, receive, send):
        if not any(name == b"origin" for name, _ in scope.get("headers", [])):
            return await self.application(scope, receive, send)  # no Origin: not a page, a program
        return await super().__call__(scope, receive, send)


def origin_checked(application) -> ProgramOrOwnPageOrigin:
    """``application`` behind the origin check, with the hosts of ``ALLOWED_HOSTS`` as channels reads them."""
    allowed = settings.ALLOWED_HOSTS
    if settings.DEBUG and not allowed:
        allowed = ["localhost", "127.0.0.1", "[::1]"]
    return ProgramOrOwnPageOrigin(application, allowed)


def token_in(scope) -> str | None:
    """The key of ``Authorization: Token <key>``; "" for a malformed one; None when no token is named."""
    for name, value in scope.get("headers", []):
        if name != b"authorization":
            continue
        parts = value.split()
        if not parts or parts[0].lower() != KEYWORD:
            return None  # another scheme: not ours to judge, as DRF leaves it to another authentication
        return parts[1].decode("latin1") if len(parts) == 2 else ""
    return None


def user_of_token(key: str):
    """(the account, "") of a valid token, or (None, why not)."""
    if not key:
        return None, "invalid token header: send 'Authorization: Token <key>'"
    try:
        user, _ = TokenAuthentication().authenticate_credentials(key)
    except exceptions.AuthenticationFailed as exc:
        return None, str(exc.detail)
    return user, ""


async def refuse(receive, send, reason: str) -> None:
    """Accept the handshake and close it at once with :data:`BAD_TOKEN`, the reason as the close reason."""
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.close", "code": BAD_TOKEN, "reason": reason[:120]})


class TokenAuthMiddleware:
    """Sets ``scope["user"]`` to the account of the request's API token, if it names one (inside channels'
    AuthMiddlewareStack, which has already set the session's user)."""

    def __init__(self, application) -> None:
        self.application = application

    async def __call__(self, scope, receive, send):
        key = token_in(scope)
        if key is None:
            return await self.application(scope, receive, send)
        user, why = await database_sync_to_async(user_of_token)(key)
        if user is None:
            return await refuse(receive, send, why)
        return await self.application(dict(scope, user=user), receive, send)
