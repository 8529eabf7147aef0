"""Which groups have anyone listening, asked of Redis before a push goes through channels-redis's layer.

A ``group_send`` through channels-redis's ``RedisChannelLayer`` costs two Redis commands per group (trim the
group's expired members, then list them) even when the group has no member, and from a request thread it runs
on an event loop in another thread: about 0.6 ms of CPU per live move, a quarter of the move's cost on our
machine (docs/benchmarks/live.md), while most boards of an event have no spectator at a given moment.

So the listeners say where they are, in keys of our own: each server process's hub (games.fanout) adds its
channel to the Redis set ``<layer prefix>:listening:<group>`` (:func:`mark_listening`) before it joins the group
on the layer, and takes it out (:func:`unmark_listening`) after it left; the set expires when the layer's own
membership would (``group_expiry`` after the latest join), and Redis deletes an empty set. One ``EXISTS`` per
group, all in one round trip from the calling thread (:func:`listened`), then tells which groups a push is for.
How channels-redis stores its groups stays its own business.

No push is lost by skipping: a socket joins its group (presence first) before it reads the state it starts with
(games.consumers), so a socket that joins after the check reads a state at least as new as the one not pushed; a
process that dies without leaving leaves a key that only makes pushes go out that were not needed. Any other layer
(the in-memory one of ``make run``), a host given other than by address, or a Redis that does not answer the check:
every group is pushed to, as without the check.
"""

from __future__ import annotations

import logging
import os
import threading

import redis
from channels_redis.core import RedisChannelLayer
from redis.backoff import NoBackoff
from redis.retry import Retry

log = logging.getLogger(__name__)

TIMEOUT_SECONDS = 1.0  # a Redis that does not answer must not hold up the move that made the change
EXPIRY_MARGIN_SECONDS = 60  # a presence key outlives the layer's membership it stands for, never the reverse
_clients: dict[tuple[int, str], redis.Redis] = {}
_lock = threading.Lock()


def _client(address: str) -> redis.Redis:
    """One synchronous client per Redis address and process (a forked child opens its own)."""
    key = (os.getpid(), address)
    client = _clients.get(key)
    if client is None:
        with _lock:
            client = _clients.get(key)
            if client is None:
                # A dead pooled connection (Redis restarted) is replaced and the question asked again, once:
                # redis-py's default would back off for seconds while a move waits.
                client = _clients[key] = redis.Redis.from_url(
                    address,
                    socket_timeout=TIMEOUT_SECONDS,
                    socket_connect_timeout=TIMEOUT_SECONDS,
                    retry=Retry(NoBackoff(), 1),
                    retry_on_error=[redis.ConnectionError, redis.TimeoutError],
                )
    return client


def _can_ask(layer) -> bool:
    return type(layer) is RedisChannelLayer and all("address" in host for host in layer.hosts)


def presence_key(layer: RedisChannelLayer, group: str) -> str:
    """Our key saying who listens to ``group`` (on the Redis host the layer keeps that group on)."""
    return f"{layer.prefix}:listening:{group}"


async def mark_listening(layer, group: str, member: str) -> None:
    """``member`` (a hub's channel) listens to ``group`` from now on; call before joining the group on the layer.
    A Redis error is raised: the hub keeps the membership and writes it once Redis answers (games.fanout)."""
    if not _can_ask(layer):
        return
    connection = layer.connection(layer.consistent_hash(group))
    key = presence_key(layer, group)
    await connection.sadd(key, member)
    await connection.expire(key, layer.group_expiry + EXPIRY_MARGIN_SECONDS)


async def unmark_listening(layer, group: str, member: str) -> None:
    """``member`` no longer listens to ``group``; call after leaving the group on the layer. A failure only leaves
    a key that makes pushes go out unneeded until it expires: logged, not raised."""
    if not _can_ask(layer):
        return
    try:
        await layer.connection(layer.consistent_hash(group)).srem(presence_key(layer, group), member)
    except redis.RedisError as exc:
        log.warning("could not note that nobody on %s listens to %s any more: %r", member, group, exc)


def hub_key(layer: RedisChannelLayer, member: str) -> str:
    """Our key saying that ``member``'s memberships are in Redis (games.fanout): gone when Redis lost them."""
    return f"{layer.prefix}:hub:{member}"


async def mark_hub(layer, member: str) -> None:
    """Note on every host of the layer that ``member`` (a hub's channel) holds its memberships there now. The key
    expires well before the layer's memberships would, so the hub renews them (games.fanout) before they lapse."""
    if not _can_ask(layer):
        return
    for index in range(len(layer.hosts)):
        await layer.connection(index).set(hub_key(layer, member), 1, ex=max(1, layer.group_expiry // 2))


async def hub_marked(layer, member: str) -> bool:
    """Whether every host of the layer still holds ``member``'s mark (False after a restart, a flush, a failover
    to a replica that missed it, or when it lapsed). A Redis error is raised."""
    if not _can_ask(layer):
        return True
    for index in range(len(layer.hosts)):
        if not await layer.connection(index).exists(hub_key(layer, member)):
            return False
    return True


def listened(layer, groups: list[str]) -> set[str]:
    """The groups among ``groups`` that have at least one listener (all of them when the layer cannot tell)."""
    if not groups or not _can_ask(layer):
        return set(groups)
    by_host: dict[int, list[str]] = {}
    for group in groups:
        by_host.setdefault(layer.consistent_hash(group), []).append(group)
    heard: set[str] = set()
    try:
        for index, here in by_host.items():
            client = _client(layer.hosts[index]["address"])
            if len(here) == 1:
                found = [client.exists(presence_key(layer, here[0]))]
            else:
                pipe = client.pipeline(transaction=False)
                for group in here:
                    pipe.exists(presence_key(layer, group))
                found = pipe.execute()
            heard.update(group for group, count in zip(here, found, strict=True) if count)
    except redis.RedisError as exc:
        log.warning("could not ask Redis who listens to %s: %r; pushing to all", ", ".join(groups), exc)
        return set(groups)
    return heard
