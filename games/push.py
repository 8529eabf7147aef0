"""Pushing changes to the sockets (Django Channels): a game's state after every change, and an event's news.

Delivery through a channel layer is at most once (a full channel silently drops a message), so every game message
is the whole state (the ``GET /api/games/{id}/`` payload) with the game's ``version`` as its sequence number: a
client that sees a gap simply has the newer state, and a socket that reconnects starts with the current one.

Pushes are sent after commit (a listener must never see a change that is rolled back) and never fail the write
that caused them: a failure is logged and the write stands. A push the channel layer cannot take (Redis down or
restarting) is kept and sent again once it answers (games.resend), and a watcher whose process lost its
memberships in Redis is resynced from the stored game (games.fanout): a Redis restart leaves no socket behind.
The state is encoded once per audience and sent as text, so a game watched by a thousand sockets costs one
``game_detail`` and one ``json.dumps`` per change.

Audiences: everybody sees the public state (group ``game-<id>-public``); in a simultaneous variant each player's
socket is in the group of its seat(s) instead, whose state also carries that player's own sealed move. The groups'
members are not the sockets but one listener per server process (games.fanout), which hands each message to the
process's sockets of that group.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
from collections import OrderedDict
from collections.abc import Iterable
from datetime import datetime

from channels.layers import get_channel_layer
from django.db import transaction
from django.utils import timezone

from games.listeners import listened
from games.play.live_game import LiveGame, live
from games.resend import SEND_ERRORS, resender
from games.serializers_live import game_detail
from tournaments.models import Game
from variants.base import BLACK, WHITE
from variants.registry import get_engine

log = logging.getLogger(__name__)

PUBLIC = "public"
SEAT_AUDIENCES = {WHITE: frozenset({WHITE}), BLACK: frozenset({BLACK}), "both": frozenset({WHITE, BLACK})}
GAME_MESSAGE = "game.state"  # what a game socket is handed (games.fanout delivers by the message's "group")
EVENT_MESSAGE = "event.news"  # what an event socket is handed


def game_group(game_id: int, audience: str = PUBLIC) -> str:
    return f"game-{game_id}-{audience}"


def event_group(event_id: int) -> str:
    return f"event-{event_id}"


def player_group(event_id: int, user_id: int) -> str:
    """The sockets a logged-in user holds on an event's page (for ``your-game``)."""
    return f"event-{event_id}-user-{user_id}"


def audience_of(seats: set[str] | frozenset[str], simultaneous: bool) -> str:
    """The group a socket joins: its seats' in a simultaneous variant (their sealed moves), else the public one."""
    if not simultaneous or not seats:
        return PUBLIC
    return next(name for name, held in SEAT_AUDIENCES.items() if held == frozenset(seats))


def encode(message: dict) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


# --- sending from synchronous code -------------------------------------------------------------------------
# The ASGI server's event loop, remembered by the first socket or request this process serves. A push from a
# request thread is handed to that loop (the in-memory layer's queues belong to it, and channels-redis then reuses
# its connections); a process without one (a Celery worker, a management command) sends from a loop of its own.
_server_loop: asyncio.AbstractEventLoop | None = None
_loop_lock = threading.Lock()


def remember_loop() -> None:
    """Called on the server's loop (games.consumers, config.asgi): pushes from other threads go to it."""
    global _server_loop
    loop = asyncio.get_running_loop()
    if _server_loop is not loop:
        with _loop_lock:
            _server_loop = loop


def _logged(future) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.error("push failed: %r", future.exception())


_own_loop: tuple[int, asyncio.AbstractEventLoop] | None = None  # (pid, loop) of a process that serves no sockets
PUSH_TIMEOUT = 5.0  # seconds a process without a server loop waits for its push to be handed to the layer


def _push_loop() -> asyncio.AbstractEventLoop:
    """A loop of this process's own, in a daemon thread, for processes that serve no sockets (Celery workers,
    commands): one loop, so that channels-redis keeps one connection instead of opening one per push. A forked
    child (a prefork worker) starts its own: the parent's thread does not exist there."""
    global _own_loop
    with _loop_lock:
        if _own_loop is None or _own_loop[0] != os.getpid():
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="games-push", daemon=True).start()
            _own_loop = (os.getpid(), loop)
        return _own_loop[1]


def send(messages: Iterable[tuple[str, dict]], *, heard: set[str] | None = None) -> None:
    """``group_send`` each ``(group, message)`` whose group has a listener; never raises (a failure is logged).

    ``heard``: the groups already known to have a listener (games.listeners), when the caller asked. In a server
    process the messages are handed to the server's loop without waiting (the request's answer goes on);
    elsewhere to the process's own push loop, waiting until they are with the layer (a command that exits right
    after its write must not lose them)."""
    messages = list(messages)
    layer = get_channel_layer()
    if layer is None or not messages:
        return

    async def deliver() -> None:
        for group, message in messages:
            try:
                await layer.group_send(group, message)
            except SEND_ERRORS as exc:  # Redis down or restarting: sent again once it answers (games.resend)
                log.warning("push to %s kept until the channel layer answers: %r", group, exc)
                resender(layer).keep(group, message, newest_only=message.get("type") == GAME_MESSAGE)

    try:
        if heard is None:
            heard = listened(layer, [group for group, _ in messages])  # a group nobody listens to: one EXISTS
        messages = [(group, message) for group, message in messages if group in heard]
        if not messages:
            return
        loop = _server_loop
        if loop is not None and loop.is_running():
            try:
                current = asyncio.get_running_loop()
            except RuntimeError:
                current = None
            if current is loop:
                loop.create_task(deliver()).add_done_callback(_logged)
            else:
                asyncio.run_coroutine_threadsafe(deliver(), loop).add_done_callback(_logged)
            return
        asyncio.run_coroutine_threadsafe(deliver(), _push_loop()).result(timeout=PUSH_TIMEOUT)
    except Exception:
        log.exception("push to %s failed", ", ".join(group for group, _ in messages))


# --- game state ---------------------------------------------------------------------------------------------
_LAST: OrderedDict[int, tuple] = OrderedDict()  # game id -> what was last pushed (the same state is sent once)
_LAST_SIZE = 5000


def _fingerprint(game: Game) -> tuple:
    return (game.version, game.status, game.result, game.result_status, game.termination, game.white_points, game.black_points)


def mark_of(game: Game) -> str:
    """What a socket compares to tell whether a state it is offered differs from the one it has (the version alone
    does not move with every change of a result)."""
    return repr(_fingerprint(game))


def _is_new(game: Game) -> bool:
    mark = _fingerprint(game)
    with _loop_lock:
        if _LAST.get(game.pk) == mark:
            return False
        _LAST[game.pk] = mark
        _LAST.move_to_end(game.pk)
        while len(_LAST) > _LAST_SIZE:
            _LAST.popitem(last=False)
    return True


def game_audiences(game: Game) -> list[str]:
    """The audiences a state of ``game`` is pushed to: the public, and in a simultaneous variant each seat's."""
    return [PUBLIC, *SEAT_AUDIENCES] if get_engine(game.variant).simultaneous else [PUBLIC]


def game_messages(game: Game | LiveGame, now: datetime, audiences: Iterable[str] | None = None) -> list[tuple[str, dict]]:
    """The state of ``game`` for each of ``audiences`` (default: all of them), encoded once each. The public
    detail is kept on the LiveGame (``pushed_detail``) so that the answer to the request that made the change
    need not build it again."""
    held = live(game)
    messages = []
    for name in game_audiences(held.game) if audiences is None else audiences:
        if name == PUBLIC:
            detail = held.pushed_detail = game_detail(held, None, now)
        else:
            detail = game_detail(held, None, now, seats=set(SEAT_AUDIENCES[name]))
        group = game_group(held.pk, name)
        text = encode({"type": "state", "game": detail})
        message = {"type": GAME_MESSAGE, "group": group, "version": held.game.version, "mark": mark_of(held.game), "text": text}
        messages.append((group, message))
    return messages


def push_game(game: Game | LiveGame, now: datetime | None = None) -> None:
    """Push the state of ``game`` (committed) to its sockets, unless this very state was pushed already. A state
    nobody listens to is not even built (the answer to the move then builds its own)."""
    held = live(game)
    layer = get_channel_layer()
    if layer is None:
        return  # no channel layer configured: no socket to push to
    try:
        if not _is_new(held.game):
            return
        groups = {game_group(held.pk, name): name for name in game_audiences(held.game)}
        heard = listened(layer, list(groups))
        if heard:
            audiences = [name for group, name in groups.items() if group in heard]
            send(game_messages(held, now or timezone.now(), audiences), heard=heard)
    except Exception:
        log.exception("game %s: the state could not be pushed", held.pk)


def push_game_after_commit(game: Game | LiveGame, now: datetime | None = None) -> None:
    """Push ``game`` once the current transaction commits (at once outside a transaction). Given the move path's
    LiveGame, the public state pushed is kept on it (``pushed_detail``) for the answer."""
    transaction.on_commit(lambda: push_game(game, now))
