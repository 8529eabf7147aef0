"""Values kept per standings snapshot version: a new snapshot (the task bumps ``results_version`` and
``computed_at`` whenever it replaces the data) is a new cache key, so what it changes shows at once."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache

from tournaments.models import Event
from tournaments.public.queries import snapshot_version

CACHE_SECONDS = 3600
T = TypeVar("T")


def per_snapshot(event: Event, kind: str, build: Callable[[], T], extra: str = "") -> T:
    """``build()``, kept per snapshot version under ``kind`` and ``extra``; built every time while the event has
    no snapshot (its standings are then computed on the fly, and nothing says when they change). A None is
    not kept."""
    version = snapshot_version(event)
    if version is None:
        return build()
    pk, results_version, computed_at = version
    stamp = computed_at.isoformat() if computed_at else ""
    key = f"pages:{kind}:{event.pk}:{event.slug}:{pk}:{results_version}:{stamp}:{extra}"
    hit = cache.get(key)
    if hit is not None:
        return hit
    value = build()
    if value is not None:
        cache.set(key, value, CACHE_SECONDS)
    return value
