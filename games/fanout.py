"""One listener per server process between the channel layer and this process's sockets.

Channels' own way, every socket a member of the game's group, makes the layer write one copy of every state per
socket and wake one consumer per copy (the in-memory layer also scans all its channels on every receive): a game
watched by a thousand sockets then costs a thousand layer messages per move. Here the process joins a group once,
on one channel of its own, when its first socket watches that game or event, and leaves it with the last; each
pushed message arrives once and is handed to every local socket of the group. Across processes the layer (Redis)
still carries the message to every process that has a watcher.

Each socket keeps an outbox (:class:`Outbox`), so a slow client never holds up the others: a game socket keeps only
the newest state it has not sent yet (every state is whole, so an older one is not worth sending), an event socket
keeps its news in order.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque

import redis
from channels.layers import get_channel_layer

from games.listeners import hub_marked, mark_hub, mark_listening, unmark_listening

log = logging.getLogger(__name__)
CHUNK = 64  # sockets served by one task per message
WATCH_SECONDS = 1.0  # how often a hub asks whether Redis still holds its memberships (one EXISTS)
LAYER_ERRORS = (redis.RedisError, OSError, asyncio.TimeoutError)  # a channel layer that does not answer


class Outbox:
    """Texts for one socket, sent in order, never two at a time. A send to a socket that can take it completes at
    once; one the client is slow to read waits for it, and what comes meanwhile queues here (a game socket keeps
    only the newest state: every state is whole)."""

    def __init__(self, send, *, newest_only: bool) -> None:
        self._send, self._newest_only = send, newest_only
        self._queue: deque[str] = deque()
        self._busy = False
        self.open = False  # nothing is sent until the socket's first message has gone

    def _keep(self, text: str) -> None:
        if self._newest_only:
            self._queue.clear()
        self._queue.append(text)

    async def deliver(self, text: str) -> None:
        """Send ``text`` now, or queue it behind a send in progress (whose sender then sends it)."""
        self._keep(text)
        if not self._busy and self.open:
            await self._drain()

    def put(self, text: str) -> None:
        """Queue ``text`` from code that cannot wait; a task of its own sends it."""
        self._keep(text)
        self.flush()

    def flush(self) -> None:
        if not self._busy and self.open and self._queue:
            asyncio.get_running_loop().create_task(self._drain())

    async def _drain(self) -> None:
        self._busy = True
        try:
            while self._queue:
                await self._send(self._queue.popleft())
        except Exception as exc:  # the socket went away meanwhile: its disconnect will clean up
            log.debug("send to a socket failed: %r", exc)
            self._queue.clear()
        finally:
            self._busy = False


class Hub:
    """This process's listener on the channel layer (one per event loop).

    Its memberships live in Redis, which may lose them (a restart without persistence, a flush, a failover): a
    watch every :data:`WATCH_SECONDS` asks whether the hub's mark (games.listeners.mark_hub) is still there, and
    when it is not, or a join could not be written, joins every group again and then resyncs every socket
    (``socket.resync(memo)``: a game socket whose game changed meanwhile is sent its current state). A Redis that
    is down never fails a socket: its join is kept here and written once Redis answers."""

    def __init__(self, layer=None) -> None:
        self.layer = layer  # None: the configured channel layer, asked at each join and leave
        self.channel: str | None = None
        self.members: dict[str, set] = {}
        self._lock = asyncio.Lock()
        self._listener: asyncio.Task | None = None
        self._watcher: asyncio.Task | None = None
        self._marked = False  # the hub's mark was written once: from then on, its absence means memberships lost
        self._lost = False  # a membership could not be written: join everything again at the next watch

    async def join(self, group: str, socket) -> None:
        """``socket`` receives the group's messages from now on: ``socket.take(message)`` says what to send it (None:
        nothing) and ``socket.outbox`` sends it."""
        layer = self.layer or get_channel_layer()
        async with self._lock:
            if self.channel is None:
                # The layer's default prefix: channels-redis receives every process-local channel through one
                # shared wait on that prefix (a channel of another prefix would wait behind it).
                self.channel = await layer.new_channel()
                loop = asyncio.get_running_loop()
                self._listener = loop.create_task(self._listen(layer))
                self._watcher = loop.create_task(self._watch(layer))
            here = self.members.setdefault(group, set())
            first = not here
            here.add(socket)
            if first and not self._lost:
                try:
                    await self._subscribe(layer, group)
                    if not self._marked:
                        await mark_hub(layer, self.channel)
                        self._marked = True
                except LAYER_ERRORS as exc:
                    log.warning("could not join %s on the channel layer (joined once it answers): %r", group, exc)
                    self._lost = True

    async def _subscribe(self, layer, group: str) -> None:
        # Present first (games.listeners), then a member: a push checked in between goes to an empty group.
        await mark_listening(layer, group, self.channel)
        await layer.group_add(group, self.channel)

    async def leave(self, group: str, socket) -> None:
        layer = self.layer or get_channel_layer()
        async with self._lock:
            here = self.members.get(group)
            if here is None:
                return
            here.discard(socket)
            if not here:
                del self.members[group]
                try:
                    await layer.group_discard(group, self.channel)
                    await unmark_listening(layer, group, self.channel)
                except LAYER_ERRORS as exc:  # the membership lapses with its expiry; a push meanwhile finds no socket
                    log.warning("could not leave %s on the channel layer: %r", group, exc)

    async def stop(self) -> None:
        """Stop receiving (a test's hub; a server's lives as long as its event loop)."""
        tasks = [task for task in (self._listener, self._watcher) if task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._listener = self._watcher = None

    async def _watch(self, layer) -> None:
        while True:
            await asyncio.sleep(WATCH_SECONDS)
            try:
                if self._lost or (self._marked and not await hub_marked(layer, self.channel)):
                    await self.rejoin(layer)
            except asyncio.CancelledError:
                raise
            except LAYER_ERRORS as exc:
                log.debug("the channel layer does not answer yet: %r", exc)
                self._lost = True
            except Exception:
                log.exception("the socket hub could not rejoin its groups; trying again")

    async def rejoin(self, layer) -> None:
        """Join every group again, then resync every socket (what changed while the memberships were lost)."""
        async with self._lock:
            groups = list(self.members)
            for group in groups:
                await self._subscribe(layer, group)
            await mark_hub(layer, self.channel)
            self._marked, self._lost = True, False
        log.warning("the socket hub joined its %d group(s) again after the channel layer lost them", len(groups))
        memo: dict = {}
        for socket in {socket for group in groups for socket in self.members.get(group, ())}:
            try:
                resync = getattr(socket, "resync", None)  # a socket without a state of its own has nothing to catch up
                if resync is not None:
                    await resync(memo)
            except Exception:
                log.exception("a socket could not be resynced")

    async def _listen(self, layer) -> None:
        while True:
            try:
                message = await layer.receive(self.channel)
            except asyncio.CancelledError:
                raise
            except LAYER_ERRORS as exc:  # Redis down or restarting: the watch rejoins what it lost (see the class)
                log.warning("the socket hub could not receive (%r); retrying in a second", exc)
                await asyncio.sleep(1)
                continue
            except Exception:
                log.exception("the socket hub could not receive; retrying in a second")
                await asyncio.sleep(1)
                continue
            sockets = list(self.members.get(message.get("group", ""), ()))
            # A few tasks per message, not one per socket; each sends to its share in turn (a send to a socket
            # that can take it does not wait), so a slow client delays at most its own share.
            for start in range(0, len(sockets), CHUNK):
                asyncio.get_running_loop().create_task(self._deliver(sockets[start : start + CHUNK], message))

    @staticmethod
    async def _deliver(sockets: list, message: dict) -> None:
        for socket in sockets:
            try:
                text = socket.take(message)
                if text is not None:
                    await socket.outbox.deliver(text)
            except Exception:
                log.exception("a pushed message could not be handed to a socket")


_hubs: dict[asyncio.AbstractEventLoop, Hub] = {}


def hub() -> Hub:
    """The hub of the running event loop (a server has one loop; tests start a new one per test)."""
    loop = asyncio.get_running_loop()
    found = _hubs.get(loop)
    if found is None:
        for old in [other for other in _hubs if other.is_closed()]:
            del _hubs[old]
        found = _hubs[loop] = Hub()
    return found
