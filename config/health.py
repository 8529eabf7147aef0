"""/healthz: is the database answering, and is the broker reachable? 200 when both are, 503 naming what is not."""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.http import JsonResponse


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any driver error means "down"; the reason goes into the body
        return f"down: {exc.__class__.__name__}"
    return "ok"


def _broker() -> str:
    if not settings.CELERY_BROKER_URL:
        return "eager"  # no broker configured: tasks run in-process, nothing to be down
    from kombu import Connection

    try:
        # A fresh connection, not the app's pool: the answer must reflect the broker now.
        with Connection(settings.CELERY_BROKER_URL, connect_timeout=2) as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
    except Exception as exc:  # kombu raises many transport-specific errors
        return f"down: {exc.__class__.__name__}"
    return "ok"


def healthz(request):
    checks = {"database": _database(), "broker": _broker()}
    down = [name for name, state in checks.items() if state.startswith("down")]
    body = {"status": "ok" if not down else "down", "checks": checks}
    if down:
        body["down"] = down
    return JsonResponse(body, status=503 if down else 200)
