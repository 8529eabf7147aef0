"""The sockets: ``/ws/games/{id}/`` (a game's state after every change) and ``/ws/events/{slug}/`` (an event's news).

Both are read-only: moves and game actions go to the REST API, which answers the player and pushes the change
(games.push). A game socket's first message is the current state; every later one is the state after a change,
never older than what the socket was last sent. Pushes reach a socket through this process's hub (games.fanout),
which joins each group once for all the process's sockets. A socket for an unknown game or event is closed with code 4404,
one the user may not see (an unpublished round, a private event) with 4403: the handshake is accepted first so
that the browser sees the code (a refused handshake is a bare HTTP 403).

What a client may send is ``{"type": "ping"}`` (answered ``{"type": "pong"}``); another JSON object is answered
with an error naming the API and the socket stays open. A message that is no JSON text at all (malformed, binary,
nested deeper than the parser goes) closes the socket with :data:`BAD_MESSAGE` (4400), one longer than
:data:`MAX_MESSAGE_BYTES` with :data:`TOO_BIG` (1009, the protocol's own "message too big"); the close reason says
why, and nothing is logged: a client's bad message is the client's business. The codes are in the AsyncAPI
document (games/asyncapi.yaml, served at /api/asyncapi.yaml).
"""

from __future__ import annotations

import json

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import timezone

from games.fanout import Outbox, hub
from games.play.live_game import LiveGame
from games.play.reads import refresh_for_read, visible_game
from games.play.seats import seats_of
from games.push import audience_of, encode, event_group, game_group, mark_of, player_group, remember_loop
from games.serializers_live import game_detail
from tournaments.models import Event, Game
from variants.base import IllegalMoveError, InvalidPositionError
from variants.registry import VariantUnavailable, get_engine

NOT_FOUND = 4404
FORBIDDEN = 4403
BAD_MESSAGE = 4400
TOO_BIG = 1009
MAX_MESSAGE_BYTES = 4096  # a ping is 15 bytes: nothing a client has to say is longer
MAX_ID = 2**63 - 1
READ_ONLY = encode({"type": "error", "detail": "this socket only listens: moves and game actions go to /api/games/{id}/"})


def _game_access(game_id: int, user) -> tuple[int, str, frozenset[str]]:
    """(close code or 0, audience, the user's seats) for a socket on game ``game_id``."""
    game = visible_game(game_id, user) if game_id <= MAX_ID else None
    if game is None:
        exists = game_id <= MAX_ID and Game.objects.filter(pk=game_id).exists()
        return (FORBIDDEN if exists else NOT_FOUND), "", frozenset()
    seats = frozenset(seats_of(LiveGame(game), user))
    try:
        simultaneous = get_engine(game.variant).simultaneous
    except VariantUnavailable:
        return NOT_FOUND, "", frozenset()  # its engine failed to load: nothing to show, as for a game that does not replay
    return 0, audience_of(seats, simultaneous), seats


def _game_state(game_id: int, seats: frozenset[str]) -> tuple[int, str, str] | None:
    """(version, mark, the state message) as of now; None if the stored game no longer replays."""
    game = Game.objects.select_related("round__event", "white__user", "black__user").get(pk=game_id)
    now = timezone.now()
    try:
        game = refresh_for_read(game, now)
        detail = game_detail(game, None, now, seats=set(seats))
    except (IllegalMoveError, InvalidPositionError, VariantUnavailable):
        return None
    return game.version, mark_of(game), encode({"type": "state", "game": detail})


class Listening(AsyncWebsocketConsumer):
    """A socket that only listens: it joins groups through this process's hub (games.fanout) and is sent what the
    hub hands it through its outbox; a ``{"type": "ping"}`` is answered, anything else is refused."""

    newest_only = False
    groups_joined: list[str]
    outbox: Outbox
    # No channel of its own on the layer: the hub receives for every socket of the process. (A channel per socket
    # would be one more waiting receive per socket, which the in-memory layer scans on every message.)
    channel_layer_alias = None

    async def websocket_connect(self, message) -> None:
        remember_loop()
        self.groups_joined = []
        self.outbox = Outbox(lambda text: self.send(text_data=text), newest_only=self.newest_only)
        await super().websocket_connect(message)

    async def join(self, group: str) -> None:
        await hub().join(group, self)
        self.groups_joined.append(group)

    async def disconnect(self, code: int) -> None:
        for group in self.groups_joined:
            await hub().leave(group, self)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        size = len(text_data.encode()) if text_data is not None else len(bytes_data or b"")
        if size > MAX_MESSAGE_BYTES:
            await self.close(code=TOO_BIG, reason=f"a message is at most {MAX_MESSAGE_BYTES} bytes")
            return
        message = _json_object(text_data)
        if message is None:
            await self.close(code=BAD_MESSAGE, reason='not a JSON object: send {"type": "ping"}')
            return
        if message.get("type") == "ping":
            await self.send(text_data='{"type":"pong"}')
            return
        await self.send(text_data=READ_ONLY)

    def take(self, message: dict) -> str | None:
        """What to send this socket for a message of one of its groups (games.fanout)."""
        return message["text"]

    async def resync(self, memo: dict) -> None:
        """Catch up after this process's memberships were lost in the channel layer (games.fanout): nothing to do
        for a socket whose messages carry no state (an event's news)."""


class GameConsumer(Listening):
    """A game's state, to players and spectators alike (each sees what ``GET /api/games/{id}/`` shows them)."""

    newest_only = True  # every state is whole: a socket behind on sending only needs the newest
    version = -1
    mark = ""  # what the state last offered was (games.push.mark_of): a resync sends only a state that differs

    async def connect(self) -> None:
        await self.accept()
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        code, audience, self.seats = await database_sync_to_async(_game_access)(self.game_id, self.scope.get("user"))
        if code:
            await self.close(code=code)
            return
        # Join before reading the state: a change committed in between is then offered to this socket, not lost.
        await self.join(game_group(self.game_id, audience))
        state = await database_sync_to_async(_game_state)(self.game_id, self.seats)
        if state is None:
            await self.close(code=NOT_FOUND)
            return
        if state[0] >= self.version:  # unless a newer state was offered meanwhile, the one just read goes first
            self.version, self.mark = state[0], state[1]
            self.outbox.put(state[2])
        self.outbox.open = True
        self.outbox.flush()

    def take(self, message: dict) -> str | None:
        """A pushed state (games.push), unless this socket already has a newer one."""
        if message["version"] < self.version:
            return None
        self.version, self.mark = message["version"], message.get("mark", "")
        return message["text"]

    async def resync(self, memo: dict) -> None:
        """The stored state, if it is not the one this socket was last offered (pushes may have been lost while
        its process's memberships were); ``memo`` shares one read among the sockets of a game and seats."""
        if not self.outbox.open:
            return  # still connecting: it reads the state itself after joining
        key = (self.game_id, self.seats)
        if key not in memo:
            memo[key] = await database_sync_to_async(_game_state)(self.game_id, self.seats)
        state = memo[key]
        if state is None or state[0] < self.version or (state[0], state[1]) == (self.version, self.mark):
            return
        self.version, self.mark = state[0], state[1]
        self.outbox.put(state[2])


def _json_object(text: str | None) -> dict | None:
    """The message as a JSON object, or None: not text, not JSON, not an object, or nested past the parser's
    recursion limit (json raises RecursionError for that)."""
    if text is None:
        return None
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return message if isinstance(message, dict) else None


def _event_access(slug: str, user) -> tuple[int, int]:
    """(close code or 0, the event's id) for a socket on event ``slug``."""
    event = Event.objects.visible_to(user).filter(slug=slug).only("pk").first()
    if event is not None:
        return 0, event.pk
    return (FORBIDDEN if Event.objects.filter(slug=slug).exists() else NOT_FOUND), 0


class EventConsumer(Listening):
    """An event's news: ``round-published``, ``result-final``, ``standings-updated``, and ``your-game`` to the
    logged-in player whose game of a newly published round is ready."""

    async def connect(self) -> None:
        await self.accept()
        user = self.scope.get("user")
        code, event_id = await database_sync_to_async(_event_access)(self.scope["url_route"]["kwargs"]["slug"], user)
        if code:
            await self.close(code=code)
            return
        await self.join(event_group(event_id))
        if user is not None and user.is_authenticated:
            await self.join(player_group(event_id, user.pk))
        self.outbox.open = True
