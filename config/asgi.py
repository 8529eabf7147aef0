"""The ASGI application every server runs (`make run`, the container): Django's HTTP views and the sockets.

``/ws/games/{id}/`` and ``/ws/events/{slug}/`` (games.routing) authenticate with an API token
(``Authorization: Token <key>``) or else the session cookie, and accept pages of our own hosts (ALLOWED_HOSTS)
and programs (no ``Origin``), never a page of another site: accounts.sockets.
"""

import os
import warnings

from django.core.asgi import get_asgi_application

# WhiteNoise serves static files as responses over synchronous file iterators; Django's ASGI handler reads them in
# a thread and warns once per file. Correct for files on disk, and only noise in the log.
warnings.filterwarnings("ignore", message="StreamingHttpResponse must consume synchronous iterators", category=Warning)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_application = get_asgi_application()  # first: sets Django up before the consumers import models

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from accounts.sockets import TokenAuthMiddleware, origin_checked  # noqa: E402
from games.push import remember_loop  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402

router = ProtocolTypeRouter(
    {
        "http": django_application,
        "websocket": origin_checked(AuthMiddlewareStack(TokenAuthMiddleware(URLRouter(websocket_urlpatterns)))),
    }
)


async def application(scope, receive, send):
    """The router, after noting the server's event loop: a push made in a request thread is handed to it."""
    remember_loop()
    await router(scope, receive, send)
