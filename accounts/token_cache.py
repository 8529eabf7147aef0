"""The token check's cache: an API token -> its account, shared by every process and cleared the moment the token
goes, so that a revocation takes effect at once everywhere.

Every API request names its token, and the live move path is hot: looking the token and its account up costs a
database round trip per request. Instead the account's row is kept in the cache every process shares (the
``throttle`` alias of ``settings.CACHES``: Redis when ``CACHE_URL`` is set), under a digest of the token (the cache
never holds a usable token, nor the password hash: that field is left deferred). Whoever deletes a token, the
API's revoke, ``manage.py revoke_tokens``, the admin, a deleted account, goes through ``post_delete`` of the token
model, and the receivers below clear its entry in the same moment; so does any save of the account (deactivated,
made staff or not, renamed). An entry also expires after :data:`ENTRY_SECONDS`, for writes that bypass the model
signals (``QuerySet.update`` of users).

Without Redis that shared store is Django's database cache: reading it is a query just as the token check is,
and a miss costs several more, so then nothing is cached and the token is checked in the database (where a
revocation takes effect at once by itself).

A request that read a token just before it was deleted must not put it back after the deletion cleared it: a
deletion leaves a tombstone for :data:`TOMBSTONE_SECONDS` (not an empty slot), and requests only ever *add* an
entry (``SET NX``), which never overwrites one.
"""

from __future__ import annotations

import hashlib
import logging
import re
import threading

import redis
from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.core.cache.backends.base import BaseCache
from django.core.cache.backends.db import DatabaseCache
from django.core.cache.backends.redis import RedisCache, RedisSerializer
from django.db import connection
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

log = logging.getLogger(__name__)

CACHE_ALIAS = "throttle"  # the alias of settings.CACHES that every process shares
ENTRY_SECONDS = 300
TOMBSTONE_SECONDS = 60  # far longer than a request takes between reading a token and caching it
GONE = "gone"
SECRET_FIELDS = frozenset({"password"})  # never copied into the cache: read from the database if ever needed

_shared: tuple[object, object] | None = None  # (the settings it was made from, the cache or None)
_shared_lock = threading.Lock()


class RedisTokenCache:
    """The three calls of Django's cache API this module makes, on the configured Redis cache: keys, timeouts and
    values as that backend makes them (its public ``make_and_validate_key``, ``get_backend_timeout`` and Django's
    ``RedisSerializer``), the commands through one ``redis.Redis`` kept for the process. Django's own client
    builds a new ``redis.Redis`` for every call: about 0.2 ms of CPU, as much as the GET itself. A token check
    reads and writes the first server of ``LOCATION`` (a cache of tokens needs no replica)."""

    def __init__(self, backend: RedisCache, config: dict) -> None:
        location = config.get("LOCATION", "")
        server = (re.split("[;,]", location) if isinstance(location, str) else list(location))[0]
        self.backend, self.serializer = backend, RedisSerializer()
        self.client = redis.Redis.from_url(server)  # safe to share: each command takes a connection from its pool

    def get(self, key: str, default=None):
        value = self.client.get(self.backend.make_and_validate_key(key))
        return default if value is None else self.serializer.loads(value)

    def add(self, key: str, value, timeout: float) -> bool:
        """Set ``key`` unless it is set (``SET NX``), for ``timeout`` seconds."""
        seconds = self.backend.get_backend_timeout(timeout)
        return bool(self.client.set(self.backend.make_and_validate_key(key), self.serializer.dumps(value), ex=seconds, nx=True))

    def set_many(self, data: dict, timeout: float) -> None:
        seconds = self.backend.get_backend_timeout(timeout)
        pipe = self.client.pipeline()
        for key, value in data.items():
            pipe.set(self.backend.make_and_validate_key(key), self.serializer.dumps(value), ex=seconds)
        pipe.execute()


def shared_cache() -> BaseCache | RedisTokenCache | None:
    """The shared cache of token checks, or None when it would be the database anyway.

    One backend object per process: ``caches[alias]`` is per thread, and served over ASGI every request runs in a
    thread of its own, so it would open a new Redis connection per request.
    """
    global _shared
    config = settings.CACHES.get(CACHE_ALIAS)
    current = _shared
    if current is not None and current[0] is config:
        return current[1]
    with _shared_lock:
        backend = caches.create_connection(CACHE_ALIAS) if config is not None else None
        if isinstance(backend, DatabaseCache):
            backend = None
        elif isinstance(backend, RedisCache):
            backend = RedisTokenCache(backend, config)
        _shared = (config, backend)
    return backend


def cache_key(token_key: str) -> str:
    return "token:" + hashlib.sha256(token_key.encode()).hexdigest()


def _cached_names() -> tuple[str, ...]:
    return tuple(f.attname for f in get_user_model()._meta.concrete_fields if f.name not in SECRET_FIELDS)


def cached_user(token_key: str):
    """The account of ``token_key`` as cached, or None (not cached, or a tombstone: ask the database)."""
    cache = shared_cache()
    if cache is None:
        return None
    try:
        entry = cache.get(cache_key(token_key))
    except Exception as exc:  # a cache that does not answer: the database does
        log.warning("token cache read failed: %r", exc)
        return None
    if not isinstance(entry, tuple):
        return None
    names, values = entry
    if names != _cached_names():  # written by another version of the account model: not ours to read
        return None
    return get_user_model().from_db(connection.alias, names, values)


def remember(token_key: str, user) -> None:
    """Cache the account just read from the database for ``token_key`` (never over a tombstone)."""
    cache = shared_cache()
    if cache is None:
        return
    names = _cached_names()
    try:
        cache.add(cache_key(token_key), (names, tuple(getattr(user, name) for name in names)), timeout=ENTRY_SECONDS)
    except Exception as exc:  # not cached this time: the next request reads the database again
        log.warning("token cache write failed: %r", exc)


def forget(token_keys) -> None:
    """Make the check of each token ask the database again, in every process, from now on. A cache that does not
    answer raises: the deletion or change that called this must not stand while its token may still be cached."""
    cache = shared_cache()
    if cache is None:
        return
    keys = [cache_key(key) for key in token_keys]
    if keys:
        cache.set_many(dict.fromkeys(keys, GONE), timeout=TOMBSTONE_SECONDS)


TOKEN_MODEL = "authtoken.Token"  # noqa: S105 - a model label (named: this module may load before the apps)
# The admin deletes tokens through DRF's proxy model, whose deletions are signalled with the proxy as sender.
TOKEN_PROXY = "authtoken.TokenProxy"  # noqa: S105 - a model label


@receiver(post_delete, sender=TOKEN_MODEL, dispatch_uid="accounts.token_cache.token_deleted")
@receiver(post_delete, sender=TOKEN_PROXY, dispatch_uid="accounts.token_cache.token_proxy_deleted")
def _token_deleted(sender, instance, **kwargs) -> None:
    """However a token is deleted (revoked, by the admin, with its account), its check forgets it at once."""
    forget([instance.key])


@receiver(post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="accounts.token_cache.account_saved")
def _account_saved(sender, instance, created: bool, **kwargs) -> None:
    """A changed account (deactivated, its rights changed) is read again by the next request with its token."""
    if created or shared_cache() is None:
        return
    tokens = apps.get_model(TOKEN_MODEL).objects.filter(user_id=instance.pk)
    forget(tokens.values_list("key", flat=True))
