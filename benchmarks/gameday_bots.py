"""The players and the public of a game day: one bot per player, and spectators, as coroutines of one process.

A bot plays as the reference bot does (clients/bot.py, whose move choice it uses): it hears of its games on the
event's socket (``your-game``; on ``round-published`` and after a reconnect it also reads ``GET /api/me/games/``, and
every ``IDLE_POLL_SECONDS`` while it has nothing to play), follows each game on its socket with its token and
moves over HTTP, each move with a ``client_id`` of its ply, so that a retry is applied once. It resigns once a
game has ``resign_after`` moves, so that a round ends in reasonable time; with ``think`` it waits a while before
each move (without, every game always waits on the server: the round measures what the stack can take). A game
socket quiet for ``QUIET_SECONDS`` is read over HTTP; a move found that way that the socket never brought is a
*missed push*.

The push time of a move is measured at the opponent: from the moment the move's request was sent to the moment
the opponent's socket brought the state with it (both ends in this process, one clock).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from dataclasses import dataclass, field

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus, WebSocketException

from benchmarks.gameday_net import Http, Metrics
from clients.bot import choose

QUIET_SECONDS = 5.0
IDLE_POLL_SECONDS = 10.0  # while a bot has no game: its event socket may have missed the news
SPECTATOR_PAUSE_SECONDS = 1.0
SOCKET_TROUBLE = (ConnectionClosed, InvalidStatus, WebSocketException, OSError, TimeoutError)


@dataclass
class Day:
    """What the bots and spectators share: the servers, the measures, the event and how far it is."""

    http: Http
    ws_url: str
    metrics: Metrics
    slug: str = ""
    resign_after: int = 20
    think: float = 0.0  # mean seconds a bot thinks before a move (uniform from 0 to twice it); 0: none
    over: asyncio.Event = field(default_factory=asyncio.Event)
    round_games: list[int] = field(default_factory=list)  # the published round's game ids (for the live pages)
    round_number: int = 0  # the last round published


async def pause(over: asyncio.Event, seconds: float) -> None:
    """Wait ``seconds``, or less if the day is over."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(over.wait(), seconds)


def armies_to_move(state: dict, seat: str) -> list[str]:
    """The armies ``seat`` moves now (Switch-Side Chain-Chess: the one it controls; Parity: its own, unsealed)."""
    if state["state"] not in ("paired", "in-play"):
        return []
    sealed = state.get("your_sealed_move") or {}
    return [entry["army"] for entry in state["to_move"] if entry["seat"] == seat and entry["army"] not in sealed]


class Bot:
    def __init__(self, day: Day, player_id: int, token: str, seed: int) -> None:
        self.day, self.player_id, self.token = day, player_id, token
        self.rng = random.Random(seed)
        self.strategy = "greedy" if seed % 2 else "random"
        self.playing: dict[int, asyncio.Task] = {}
        self.finished: set[int] = set()
        self.heard: dict[int, int] = {}  # game -> the most moves its socket has brought
        self.mine: set[tuple[int, int]] = set()  # (game, ply) of this bot's own moves

    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Token {self.token}"}

    async def run(self) -> None:
        news = asyncio.create_task(self.event_news())
        try:
            while not self.day.over.is_set():
                if not any(not task.done() for task in self.playing.values()):
                    await self.look()
                await pause(self.day.over, IDLE_POLL_SECONDS * (0.5 + self.rng.random()))
        finally:
            news.cancel()
            for task in self.playing.values():
                task.cancel()
            await asyncio.gather(news, *self.playing.values(), return_exceptions=True)

    async def look(self) -> None:
        """Read my games of the event; follow each one not final."""
        params = {"event": self.day.slug, "page_size": 200}
        body = await self.day.http.json("GET", "/api/me/games/", self.token, params=params)
        for game in body["results"]:
            if game["state"] != "final":
                self.take(game["id"], game["seat"])

    def take(self, game_id: int, seat: str) -> None:
        task = self.playing.get(game_id)
        if game_id not in self.finished and (task is None or task.done()):
            self.playing[game_id] = task = asyncio.create_task(self.follow(game_id, seat))
            task.add_done_callback(self.stopped)

    def stopped(self, task: asyncio.Task) -> None:
        """A game's task that failed: counted (the bot takes the game up again at its next look)."""
        if not task.cancelled() and task.exception() is not None:
            self.day.metrics.current.failures.append(f"bot {self.player_id}: {task.exception()!r}")
            self.day.metrics.bot_failures += 1

    async def event_news(self) -> None:
        first = True
        while not self.day.over.is_set():
            try:
                async with connect(f"{self.day.ws_url}/ws/events/{self.day.slug}/", additional_headers=self.headers(),
                                   open_timeout=30, max_size=2**22) as socket:  # fmt: skip
                    if not first:
                        await self.look()  # news may have been missed while the socket was down
                    first = False
                    async for text in socket:
                        news = json.loads(text)
                        if news.get("type") == "your-game":
                            self.take(news["game"], news["seat"])
                        elif news.get("type") == "round-published":
                            await self.look()
            except SOCKET_TROUBLE as exc:
                self.day.metrics.socket_failed(f"event socket: {type(exc).__name__} {exc}")
            await asyncio.sleep(1.0)

    # --- one game ------------------------------------------------------------------------------------------
    async def follow(self, game_id: int, seat: str) -> None:
        acted: set[tuple[int, str]] = set()
        newest = [-1]  # the version of our last answer: an older state pushed meanwhile is answered already
        connections = 0
        while game_id not in self.finished and not self.day.over.is_set():
            try:
                async with connect(f"{self.day.ws_url}/ws/games/{game_id}/", additional_headers=self.headers(),
                                   open_timeout=30, max_size=2**22) as socket:  # fmt: skip
                    connections += 1
                    first = True  # a socket's first state is the game as it is, not a push
                    while game_id not in self.finished:
                        try:
                            message = json.loads(await asyncio.wait_for(socket.recv(), QUIET_SECONDS))
                        except TimeoutError:
                            state = self.caught_up(await self.day.http.json("GET", f"/api/games/{game_id}/", self.token))
                        else:
                            if message.get("type") != "state":
                                continue
                            state = message["game"]
                            if first:
                                self.caught_up(state, missed=connections > 1)
                            else:
                                self.note_push(state)
                            first = False
                        await self.on_state(state, seat, acted, newest)
            except SOCKET_TROUBLE as exc:
                self.day.metrics.socket_failed(f"game socket {game_id}: {type(exc).__name__} {exc}")
                await asyncio.sleep(1.0)

    def caught_up(self, state: dict, missed: bool = True) -> dict:
        """A state read whole (over HTTP after a quiet socket, or a reconnected socket's first): moves in it that no
        push brought are missed pushes."""
        game_id, plies = state["id"], len(state["moves"])
        if missed and plies > self.heard.get(game_id, 0) and (game_id, plies) not in self.mine:
            self.day.metrics.current.pushes_missed += 1
        self.heard[game_id] = max(plies, self.heard.get(game_id, 0))
        return state

    def note_push(self, state: dict) -> None:
        game_id, plies = state["id"], len(state["moves"])
        if plies <= self.heard.get(game_id, 0):
            return
        self.heard[game_id] = plies
        sent = self.day.metrics.sent_at.get((game_id, plies))
        if sent is not None and (game_id, plies) not in self.mine:
            self.day.metrics.current.push_s.append(time.monotonic() - sent)

    async def on_state(self, state: dict, seat: str, acted: set, newest: list[int]) -> None:
        if state["state"] == "final":
            self.finished.add(state["id"])
            return
        if state["version"] < newest[0]:
            return
        for army in armies_to_move(state, seat):
            if (state["version"], army) in acted:
                continue
            acted.add((state["version"], army))
            if len(state["moves"]) >= self.day.resign_after:
                await self.resign(state["id"])
                return
            moves = state["legal_moves_by_army"].get(army) or []
            if moves and self.day.think:
                await asyncio.sleep(self.rng.uniform(0, 2 * self.day.think))  # its clock runs meanwhile
            if moves:
                newest[0] = max(newest[0], await self.move(state, army, choose(moves, self.strategy, self.rng)))

    async def move(self, state: dict, army: str, move: str) -> int:
        game_id, ply = state["id"], len(state["moves"])
        client_id = f"gd-{game_id}-{ply}-{army}"
        metrics = self.day.metrics
        self.mine.add((game_id, ply + 1))
        sent = time.monotonic()
        metrics.sent_at.setdefault((game_id, ply + 1), sent)
        response = await self.day.http.send("POST", f"/api/games/{game_id}/moves/", self.token,
                                            {"move": move, "client_id": client_id})  # fmt: skip
        if response.status_code != 200:  # the game changed meanwhile (a flag, the opponent): the next state tells
            return state["version"]
        answer = response.json()
        metrics.current.move_s.append(time.monotonic() - sent)
        if (game_id, client_id) not in metrics.acknowledged:
            metrics.acknowledged[(game_id, client_id)] = answer["move"]
            metrics.current.moves += 1
        if answer["state"] == "final":
            self.finished.add(game_id)
        return answer["version"]

    async def resign(self, game_id: int) -> None:
        response = await self.day.http.send("POST", f"/api/games/{game_id}/resign/", self.token, {})
        if response.status_code in (200, 409):  # 409: over already (the opponent resigned first, a flag)
            self.finished.add(game_id)


async def spectate(day: Day, seed: int) -> None:
    """A member of the public: the event, the current round, the standings and a live game's page, again and again."""
    rng = random.Random(seed)
    while not day.over.is_set():
        stats = day.metrics.current
        paths = {"event": f"/events/{day.slug}/", "standings": f"/events/{day.slug}/standings/"}
        if day.round_number and day.round_games:
            paths["round"] = f"/events/{day.slug}/rounds/{day.round_number}/"
            paths["live"] = f"/games/{rng.choice(day.round_games)}/"
        for page, path in paths.items():
            started = time.monotonic()
            response = await day.http.send("GET", path)
            if response.status_code == 200:
                stats.pages[page].append(time.monotonic() - started)
            else:
                stats.failures.append(f"GET {path}: {response.status_code}")
        await pause(day.over, SPECTATOR_PAUSE_SECONDS)
