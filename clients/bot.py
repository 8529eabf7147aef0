"""The reference bot: given a player's API token, it plays every game of that player as it comes.

    python clients/bot.py --base URL --token KEY [--strategy random|greedy] [--until-event-ends SLUG]
                          [--report GAME=RESULT/TERMINATION ...] [--resign-after N] [--seed N] [--log-messages FILE]
                          [--client-dir DIR]

Its HTTP client is generated from the server's own ``/api/schema/`` by ``openapi-python-client`` when it starts
(clients/generated.py; cached per schema under ``$XDG_CACHE_HOME/rvchess-client/`` or ``--client-dir``): every
request is a generated operation and every answer, and every state a socket pushes, is parsed into its generated
model. It finds its games in ``GET /api/me/games/`` and hears of new ones on each event's socket (``your-game``), follows
each game on its socket (``/ws/games/{id}/``, the token in the upgrade request's ``Authorization`` header, no
``Origin``) and acts over HTTP: on each state in which its seat has an army to move it picks one of the legal moves
the state lists for that army and posts it (Parity Chess: seals it; the state then carries its own sealed move).
Any variant of the server plays the same way: the moves are the server's. ``random`` picks any legal move;
``greedy`` prefers a mate, then a capture, then a check, as the notation of the listed moves tells.

A game it is told the result of (``--report``, a game played over the board) is not played: it reports that result,
and answers the opponent's report (confirms what matches, disputes what does not). ``--resign-after N`` resigns a
game once it has N moves (a short game for tests and demos). With ``--until-event-ends SLUG`` (repeatable) it exits
once that event is over (closed, or every planned round complete); otherwise it runs until stopped. docs/api.md walks through it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import random
import sys
from contextlib import aclosing
from pathlib import Path
from urllib.parse import urlsplit

if __package__ in (None, ""):  # run as `python clients/bot.py`: import the package from the checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus, WebSocketException

import clients.generated as generated
from clients.generated import Api, ApiError, SchemaMismatch

log = logging.getLogger("bot")
QUIET_SECONDS = 10.0  # no message for this long: read the state over HTTP (a push may be lost: at most once)
POLL_SECONDS = 5.0  # how often games and events are read again, for what the sockets may not say
BAD_TOKEN = 4401
GONE = (4403, 4404)  # close codes after which reconnecting is useless
PAGE_SIZE = 100
UNREACHABLE = (OSError, httpx.TransportError)  # no answer (refused, reset, timed out): the next poll tries again
PLAYING = ("paired", "in-play")  # the game states in which a move is due (docs/game-states.md)


def choose(moves: list[str], strategy: str, rng: random.Random) -> str:
    """A move of ``moves``: any (random), or the best by the notation's marks (greedy: mate, capture, check)."""
    if strategy == "greedy":

        def worth(move: str) -> int:
            return 4 * ("#" in move) + 2 * ("x" in move) + ("+" in move)

        best = max(worth(move) for move in moves)
        moves = [move for move in moves if worth(move) == best]
    return rng.choice(moves)


def armies_to_move(state, seat: str) -> list[str]:
    """The armies ``seat`` moves now in generated ``GameState`` ``state`` (Switch-Side Chain-Chess: the army it
    controls; Parity: its own, unless already sealed)."""
    if state.state not in PLAYING:
        return []
    sealed = state.your_sealed_move.to_dict() if state.your_sealed_move else {}
    return [str(entry.army) for entry in state.to_move if entry.seat == seat and entry.army not in sealed]


def event_ended(event) -> bool:
    """Generated ``EventDetail`` ``event`` is closed, or every planned round is published and complete."""
    complete = sum(1 for r in event.rounds if r.status == "complete")
    return event.status == "closed" or (event.rounds_planned > 0 and complete >= event.rounds_planned)


def ws_url(base: str, path: str) -> str:
    parts = urlsplit(base)
    return f"{'wss' if parts.scheme == 'https' else 'ws'}://{parts.netloc}{parts.path.rstrip('/')}{path}"


def watched(coroutine, name: str) -> asyncio.Task:
    """A task whose failure is logged when it happens (an unexpected answer must not stop a game silently)."""

    def report(task: asyncio.Task) -> None:
        if not task.cancelled() and task.exception() is not None:
            log.error("%s stopped: %r", name, task.exception(), exc_info=task.exception())

    task = asyncio.create_task(coroutine)
    task.add_done_callback(report)
    return task


def parse_told(texts: list[str]) -> dict[int, tuple[str, str]]:
    """``GAME=RESULT/TERMINATION`` -> {game: (result, termination)}; ``GAME=1-0`` means a resignation."""
    told = {}
    for text in texts:
        game, _, said = text.partition("=")
        result, _, termination = said.partition("/")
        if not game.strip().isdigit() or not result:
            raise argparse.ArgumentTypeError(f"--report {text!r}: write GAME=RESULT/TERMINATION, e.g. 12=1-0/checkmate")
        told[int(game)] = (result.strip(), termination.strip() or "resignation")
    return told


class Bot:
    def __init__(self, api: Api, token: str, base: str, options: argparse.Namespace) -> None:
        self.api, self.token, self.base, self.options = api, token, base, options
        self.rng = random.Random(options.seed)
        models = api.models
        self.told = {  # game -> the report's body; a result or termination the schema does not know is a ValueError
            game: models.ResultInputRequest(result=models.ResultEnum(result), termination=models.TerminationEnum(how))
            for game, (result, how) in parse_told(options.report or []).items()
        }
        self.until: list[str] = list(options.until_event_ends or [])
        self.over: set[str] = set()
        self.playing: dict[int, asyncio.Task] = {}
        self.events: dict[str, asyncio.Task] = {}
        self.done = asyncio.Event()
        self.failure: str = ""
        self.record = open(options.log_messages, "a", encoding="utf-8") if options.log_messages else None  # noqa: SIM115

    async def call(self, operation: str, model: str, *args, **kwargs):
        """A generated operation, its answer parsed into the generated ``model``; an answer the schema does not
        describe stops the bot (exit status 1): the client and the server disagree, and no retry repairs that."""
        try:
            return await self.api.acall(operation, model, *args, **kwargs)
        except SchemaMismatch as exc:
            self.stop(f"the server's answer does not fit its own schema: {exc}")
            raise

    def game_state(self, game: dict):
        """A socket's ``state`` payload, parsed into the generated ``GameState`` (the ``GET /api/games/{id}/`` body)."""
        try:
            return self.api.model("GameState").from_dict(game)
        except (KeyError, TypeError, ValueError) as exc:
            self.stop(f"a socket's state does not fit the schema's GameState: {exc!r}")
            raise SchemaMismatch(repr(exc)) from exc

    def heard(self, channel: str, text: str) -> dict:
        if self.record is not None:
            self.record.write(json.dumps({"channel": channel, "text": text}) + "\n")
            self.record.flush()
        return json.loads(text)

    def stop(self, failure: str = "") -> None:
        self.failure = self.failure or failure
        self.done.set()

    # --- finding games -------------------------------------------------------------------------------------
    async def run(self) -> int:
        async with self.api.client:  # the generated client's connection pool, closed at the end
            for slug in self.until:
                self.listen_to_event(slug)
            poller = watched(self.poll(), "poll")
            await self.done.wait()
            log.info("stopping")
            tasks = [poller, *self.playing.values(), *self.events.values()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        log.info("stopped")
        if self.record is not None:
            self.record.close()
        if self.failure:
            log.error("%s", self.failure)
            return 1
        return 0

    async def poll(self) -> None:
        """Every few seconds: my games (a game whose notice was missed), and whether the event is over."""
        while not self.done.is_set():
            try:
                await self.look_around()
            except ApiError as exc:
                if exc.status == 401:
                    self.stop(f"the token is refused: {exc}")
                    return
                log.warning("%s", exc)
            except UNREACHABLE as exc:
                log.warning("the server does not answer: %r", exc)
            await asyncio.sleep(POLL_SECONDS)

    async def my_games(self) -> list:
        """Every game of the token's player (generated ``MyGame``), page by page (``GET /api/me/games/``)."""
        games, page = [], 1
        while True:
            listed = await self.call("me_games_list", "PaginatedMyGameList", page=page, page_size=PAGE_SIZE)
            games += listed.results
            if not listed.next_:
                return games
            page += 1

    async def look_around(self) -> None:
        for game in await self.my_games():
            if game.state != "final":
                self.take(game.id, str(game.seat))
            self.listen_to_event(game.event)
        await self.stop_if_over(self.until)

    def take(self, game_id: int, seat: str) -> None:
        """Follow game ``game_id`` (once)."""
        task = self.playing.get(game_id)
        if task is None or task.done():
            self.playing[game_id] = watched(self.follow(game_id, seat), f"game {game_id}")

    def listen_to_event(self, slug: str) -> None:
        if slug not in self.events:
            self.events[slug] = watched(self.event_news(slug), f"event {slug}")

    async def event_news(self, slug: str) -> None:
        """``your-game`` starts a game; any news of the watched event asks whether it is over."""
        async with aclosing(self.messages(f"/ws/events/{slug}/", "event")) as stream:
            async for text in stream:
                if text is not None:
                    await self.news(slug, self.heard("event", text))

    async def news(self, slug: str, news: dict) -> None:
        if news.get("type") == "your-game":
            self.take(news["game"], news["seat"])
        elif news.get("type") in ("result-final", "round-published") and slug in self.until:
            await self.stop_if_over([slug])

    async def stop_if_over(self, slugs: list[str]) -> None:
        """Stop once every event of --until-event-ends is over."""
        for slug in slugs:
            if slug not in self.over and event_ended(await self.call("events_retrieve", "EventDetail", slug)):
                log.info("event %s is over", slug)
                self.over.add(slug)
        if self.until and self.over >= set(self.until):
            self.stop()

    async def messages(self, path: str, channel: str):
        """Each message of socket ``path``, reconnecting after a drop; None after QUIET_SECONDS of silence."""
        headers = {"Authorization": f"Token {self.token}"}
        while not self.done.is_set():
            try:
                async with connect(ws_url(self.base, path), additional_headers=headers, open_timeout=10) as socket:
                    while True:
                        try:
                            async with asyncio.timeout(QUIET_SECONDS):  # (never yield inside it)
                                text = await socket.recv()
                        except TimeoutError:
                            text = None
                        yield text
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd else None
                if code == BAD_TOKEN:
                    self.stop(f"{channel} socket {path}: the token is refused ({closed.rcvd.reason})")
                    return
                if code in GONE:
                    log.warning("%s socket %s closed with %s", channel, path, code)
                    return
            except (OSError, InvalidStatus, WebSocketException, TimeoutError) as exc:
                log.warning("%s socket %s: %s", channel, path, exc)
            await asyncio.sleep(1.0)

    # --- playing a game ------------------------------------------------------------------------------------
    async def follow(self, game_id: int, seat: str) -> None:
        if game_id in self.told:
            return await self.report_as_told(game_id)
        acted: set[tuple[int, str]] = set()
        newest = -1  # the version our last action's answer had: a state older than it is already answered
        async with aclosing(self.messages(f"/ws/games/{game_id}/", "game")) as stream:
            async for text in stream:
                if text is None:  # quiet: read it, in case a push was lost
                    state = await self.call("games_retrieve", "GameState", game_id)
                else:
                    message = self.heard("game", text)
                    if message.get("type") != "state":
                        continue
                    state = self.game_state(message["game"])
                if state.state == "final":
                    log.info("game %s: over (%s)", game_id, state.result)
                    return
                if state.version >= newest:
                    newest = max(newest, await self.act(state, seat, acted))

    async def act(self, state, seat: str, acted: set[tuple[int, str]]) -> int:
        """Move (or resign) for each army ``seat`` moves in ``state``, once per state version; the version of the
        game after it (a state pushed meanwhile that is older than the answer is one this bot has answered)."""
        version = state.version
        for army in armies_to_move(state, seat):
            if (state.version, army) in acted:
                continue
            acted.add((state.version, army))
            try:
                if self.options.resign_after and len(state.moves) >= self.options.resign_after:
                    answer = await self.call("games_resign_create", "GameState", state.id)
                    return max(version, answer.version)
                moves = state.legal_moves_by_army.to_dict().get(army) or []
                if moves:
                    move = choose(moves, self.options.strategy, self.rng)
                    body = self.api.models.MoveInputRequest(move=move, client_id=f"bot-{state.id}-{state.version}-{army}")
                    answer = await self.call("games_moves_create", "MoveAnswer", state.id, body=body)
                    version = max(version, answer.version)
            except ApiError as exc:  # the game changed meanwhile (the opponent, a flag, an arbiter): next state
                log.warning("game %s: %s", state.id, exc)
            except UNREACHABLE as exc:
                log.warning("game %s: the server does not answer: %r", state.id, exc)
        return version

    async def report_as_told(self, game_id: int) -> None:
        """Report what this bot was told of a game played over the board; answer the opponent's report."""
        told = self.told[game_id]
        reported = False
        while not self.done.is_set():
            try:
                state = await self.call("games_retrieve", "GameState", game_id)
                if state.state == "final":
                    return
                if state.state in ("paired", "disputed") and not reported:
                    await self.call("games_report_create", "Report", game_id, body=told)
                    reported = True
                elif state.state == "reported" and not reported:
                    listed = await self.call("games_reports_list", "PaginatedReportList", game_id)
                    pending = [r for r in listed.results if r.status == "pending"]
                    agree = bool(pending) and (pending[0].result, pending[0].termination) == (told.result, told.termination)
                    answer = "games_report_confirm" if agree else "games_report_dispute"
                    await self.call(answer, "Report", game_id)
                    reported = not agree  # a dispute is answered by the arbiter, or by our own report next time
            except ApiError as exc:
                log.info("game %s: %s", game_id, exc)
            except UNREACHABLE as exc:
                log.info("game %s: the server does not answer: %r", game_id, exc)
            await asyncio.sleep(1.0)


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Plays every game of the token's player (docs/api.md).")
    parser.add_argument("--base", required=True, help="the server, e.g. http://localhost:8000")
    parser.add_argument("--token", required=True, help="the player's API token (POST /api/auth/token/)")
    parser.add_argument("--strategy", choices=["random", "greedy"], default="random")
    parser.add_argument("--until-event-ends", action="append", metavar="SLUG",
                        help="exit once this event is over (repeatable: once every one named is over)")  # fmt: skip
    parser.add_argument("--report", action="append", metavar="GAME=RESULT/TERMINATION",
                        help="a game played over the board: report this result instead of playing (repeatable)")  # fmt: skip
    parser.add_argument("--resign-after", type=int, default=0, metavar="N", help="resign a game once it has N moves")
    parser.add_argument("--seed", type=int, default=None, help="seed of the move choice (a repeatable game)")
    parser.add_argument("--log-messages", metavar="FILE", help="append every socket message received (JSON lines)")
    parser.add_argument("--client-dir", metavar="DIR", type=Path, default=None,
                        help="where the generated HTTP clients are cached, one per schema "
                             "(default $XDG_CACHE_HOME/rvchess-client)")  # fmt: skip
    parser.add_argument("--verbose", action="store_true")
    options = parser.parse_args(argv)
    try:
        parse_told(options.report or [])
    except argparse.ArgumentTypeError as exc:
        parser.error(str(exc))
    return options


def main(argv: list[str] | None = None) -> int:
    options = arguments(argv)
    logging.basicConfig(level=logging.INFO if options.verbose else logging.WARNING, format="%(name)s: %(message)s")
    try:
        api = generated.connect(options.base, options.token, options.client_dir)
        bot = Bot(api, options.token, options.base.rstrip("/"), options)
    except (ValueError, RuntimeError, OSError) as exc:  # a bad --base or --report, no schema, no generator
        print(f"bot: {exc}", file=sys.stderr)
        return 2
    try:
        return asyncio.run(bot.run())
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
