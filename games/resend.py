"""Pushes kept while the channel layer does not answer, sent again once it does.

A ``group_send`` that meets a dead connection is sent again at once by the layer's own client (config.env's
``reconnecting``); one that fails because Redis is down or restarting lands here. Each event loop that sends keeps
them (:class:`Resender`): of a game, only the newest state per group (every state is whole), of an event, its
news in order, at most :data:`KEPT_PER_GROUP` and :data:`KEPT_GROUPS` groups (the oldest go first). One task per
loop asks Redis every :data:`RETRY_SECONDS`; once it answers, it waits :data:`SETTLE_SECONDS`, time for every
process's hub to find its memberships lost and join its groups again (games.fanout), then sends what it kept.
A watcher whose push is lost anyway (past the bounds, a process that exits) is resynced by its hub from the stored
game (games.fanout), so no game socket stays behind.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict

import redis

log = logging.getLogger(__name__)

RETRY_SECONDS = 0.5
SETTLE_SECONDS = 2.5  # more than two of games.fanout's WATCH_SECONDS
KEPT_PER_GROUP = 100
KEPT_GROUPS = 10_000
SEND_ERRORS = (redis.RedisError, OSError, asyncio.TimeoutError)  # what means "the layer does not answer"


class Resender:
    """The pushes one event loop could not send, and the task that sends them again."""

    def __init__(self, layer) -> None:
        self.layer = layer
        self.kept: OrderedDict[str, list[dict]] = OrderedDict()
        self._task: asyncio.Task | None = None

    def keep(self, group: str, message: dict, *, newest_only: bool) -> None:
        kept = self.kept.pop(group, [])
        kept = [message] if newest_only else [*kept, message][-KEPT_PER_GROUP:]
        self.kept[group] = kept
        while len(self.kept) > KEPT_GROUPS:
            dropped, _ = self.kept.popitem(last=False)
            log.warning("push to %s dropped: too many pushes waiting for the channel layer", dropped)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._resend())

    async def _answers(self) -> bool:
        try:
            for index in range(len(self.layer.hosts)):
                await self.layer.connection(index).ping()
        except SEND_ERRORS:
            return False
        return True

    async def _resend(self) -> None:
        while self.kept:
            await asyncio.sleep(RETRY_SECONDS)
            if not await self._answers():
                continue
            await asyncio.sleep(SETTLE_SECONDS)
            while self.kept:
                group, messages = self.kept.popitem(last=False)
                sent = 0
                try:
                    for message in messages:
                        await self.layer.group_send(group, message)
                        sent += 1
                except SEND_ERRORS as exc:
                    log.warning("push to %s failed again (%r); kept", group, exc)
                    self.kept[group] = messages[sent:]
                    self.kept.move_to_end(group, last=False)
                    break
            else:
                log.warning("pushes kept while the channel layer was down were sent")


_resenders: dict[asyncio.AbstractEventLoop, Resender] = {}


def resender(layer) -> Resender:
    """The resender of the running loop (a server has one; a process without sockets its own push loop)."""
    loop = asyncio.get_running_loop()
    found = _resenders.get(loop)
    if found is None or found.layer is not layer:
        for old in [other for other in _resenders if other.is_closed()]:
            del _resenders[old]
        found = _resenders[loop] = Resender(layer)
    return found
