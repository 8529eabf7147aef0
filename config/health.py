"""/healthz: which part of the deployment is down.

Checks: ``database`` (a query), ``broker`` (a fresh connection), ``cache`` (a write and read, when CACHE_URL is set),
``channel_layer`` (a message sent through the sockets' channel layer to a fresh channel and received back, when
CHANNEL_LAYER_URL is set), ``sender`` (outbox tasks recorded but not handed to the broker for over two minutes: the
broker is down or beat is not running), ``beat`` (no heartbeat sent by beat for 25 s) and ``worker`` (a heartbeat
sent by beat and not run for 15 s, or tasks handed to the broker but not started for over two minutes: no worker
consumes the queue); config.heartbeats says how, so that a dead beat or worker is named within 30 s whether or
not a task waits. Each answers ``ok``, ``down: <why>`` or, where the part is not configured,
what stands in for it (``eager``: tasks run in-process, and beat and workers are then ``not applicable``;
``local``: the process's own cache or channel layer).

The status code is for load balancers: 503 when this web process cannot serve (database, broker or cache down),
200 otherwise, even when workers lag: taking every web process out of rotation would not bring a worker back.
A channel layer that is down is reported (status ``degraded``) but is no 503 either: pages, the API and every write
still work without it (pushes never fail the write that caused them, games.push), only live updates stop, and the
layer is one Redis shared by every web process, so taking them all out of rotation would turn lost live updates
into a whole site down. The body names every part that is down, so a person (or a monitor) reads it.
"""

from __future__ import annotations

import asyncio
import threading
from datetime import timedelta

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.conf import settings
from django.core.cache import caches
from django.db import connection
from django.db.models import Q
from django.http import HttpRequest, JsonResponse
from django.utils import timezone

import config.heartbeats as heartbeats
from outbox.models import Task

LATE = timedelta(minutes=2)
NOT_APPLICABLE = "not applicable: tasks run eagerly, in the process that asks"
LAYER_TIMEOUT = 2.0  # seconds for the channel layer's round trip, like the broker's connection timeout
SERVING = ("database", "broker", "cache")  # parts without which this process answers errors


def _down(exc: Exception) -> str:
    return f"down: {exc.__class__.__name__}"


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any driver error means "down"; the reason goes into the body
        return _down(exc)
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
        return _down(exc)
    return "ok"


def _cache() -> str:
    if not settings.REDIS_CACHE_URL:
        return "local"
    try:
        cache = caches["default"]
        cache.set("healthz", 1, timeout=5)
        if cache.get("healthz") != 1:
            return "down: a value written was not read back"
    except Exception as exc:  # redis-py's connection errors and timeouts
        return _down(exc)
    return "ok"


# Under a WSGI server each check runs its own event loop; channels-redis refuses two loops receiving on one layer
# at once, so two threads' checks take turns. (Under ASGI every check runs on the server's loop.)
_layer_turn = threading.Lock()


async def _round_trip(layer) -> bool:
    """Send a message to a fresh channel of this process and receive it back, as the sockets' pushes travel."""
    channel = await layer.new_channel()  # the default prefix: received through the process's one shared wait
    sent = {"type": "healthz.ping", "token": channel}
    await layer.send(channel, sent)
    return await layer.receive(channel) == sent


async def _timed_round_trip(layer) -> bool:
    return await asyncio.wait_for(_round_trip(layer), timeout=LAYER_TIMEOUT)


def _channel_layer() -> str:
    layer = get_channel_layer()
    if layer is None or isinstance(layer, InMemoryChannelLayer):
        return "local"  # in memory: this process's sockets only, nothing to be down
    try:
        with _layer_turn:
            if not async_to_sync(_timed_round_trip)(layer):
                return "down: the message sent was not the one received"
    except Exception as exc:  # redis-py's connection errors, and TimeoutError when nothing came back in time
        return _down(exc)
    return "ok"


def _late(state: str, since: str) -> int:
    cutoff = timezone.now() - LATE
    return Task.objects.filter(Q(due__isnull=True, **{f"{since}__lt": cutoff}) | Q(due__lt=cutoff), state=state).count()


def _tasks(database: str) -> dict[str, str]:
    """sender and worker from the outbox's rows, beat and worker from their heartbeats (config.heartbeats)."""
    if not settings.CELERY_BROKER_URL:
        return {"sender": "eager", "beat": NOT_APPLICABLE, "worker": NOT_APPLICABLE}
    if database != "ok":
        return dict.fromkeys(("sender", "beat", "worker"), "unknown: the database is down")
    try:
        waiting, unstarted = _late(Task.State.WAITING, "created_at"), _late(Task.State.SENT, "sent_at")
        beat, worker = heartbeats.states()
    except Exception as exc:  # the outbox table missing (not migrated) is a finding too
        return dict.fromkeys(("sender", "beat", "worker"), _down(exc))
    minutes = int(LATE.total_seconds() // 60)
    sender = f"down: {waiting} task(s) due {minutes} min ago not sent (broker down? beat not running?)" if waiting else "ok"
    if unstarted and not worker.startswith("down"):
        worker = f"down: {unstarted} task(s) sent {minutes} min ago not started (no worker running?)"
    return {"sender": sender, "beat": beat, "worker": worker}


def healthz(request: HttpRequest) -> JsonResponse:
    checks = {"database": _database(), "broker": _broker(), "cache": _cache(), "channel_layer": _channel_layer()}
    checks.update(_tasks(checks["database"]))
    down = [name for name, state in checks.items() if state.startswith("down")]
    serving = not any(name in SERVING for name in down)
    body = {"status": "ok" if not down else ("degraded" if serving else "down"), "checks": checks}
    if down:
        body["down"] = down
    return JsonResponse(body, status=200 if serving else 503)
