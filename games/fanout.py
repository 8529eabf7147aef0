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

from channels.layers import get_channel_layer

from games.listeners import mark_listening, unmark_listening

log = logging.getLogger(__name__)
CHUNK = 64  # sockets served by one task per message


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
    """This process's listener on the channel layer (one per event loop)."""

    def __init__(self, layer=None) -> None:
        self.layer = layer  # None: the configured channel layer, asked at each join and leave
        self.channel: str | None = None
        self.members: dict[str, set] = {}
        self._lock = asyncio.Lock()
        self._listener: asyncio.Task | None = None

    async def join(self, group: str, socket) -> None:
        """``socket`` receives the group's messages from now on: ``socket.take(message)`` says what to send it (None:
        nothing) and ``socket.outbox`` sends it."""
        layer = self.layer or get_channel_layer()
        async with self._lock:
            if self.channel is None:
                # The layer's default prefix: channels-redis receives every process-local channel through one
                # shared wait on that prefix (a channel of another prefix would wait behind it).
                self.channel = await layer.new_channel()
                self._listener = asyncio.get_running_loop().create_task(self._listen(layer))
            here = self.members.setdefault(group, set())
            if not here:
                # Present first (games.listeners), then a member: a push checked in between goes to an empty group.
                await mark_listening(layer, group, self.channel)
                await layer.group_add(group, self.channel)
            here.add(socket)

    async def leave(self, group: str, socket) -> None:
        layer = self.layer or get_channel_layer()
        async with self._lock:
            here = self.members.get(group)
            if here is None:
                return
            here.discard(socket)
            if not here:
                del self.members[group]
                await layer.group_discard(group, self.channel)
                await unmark_listening(layer, group, self.channel)

    async def stop(self) -> None:
        """Stop receiving (a test's hub; a server's lives as long as its event loop)."""
        if self._listener is not None:
            self._listener.cancel()
            await asyncio.gather(self._listener, return_exceptions=True)
            self._listener = None

    async def _listen(self, layer) -> None:
        while True:
            try:
                message = await layer.receive(self.channel)
            except asyncio.CancelledError:
                raise
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
