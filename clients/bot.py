"""The reference bot: given a player's API token, it plays every game of that player as it comes.

    python clients/bot.py --base URL --token KEY [--strategy random|greedy] [--until-event-ends SLUG]
                          [--report GAME=RESULT/TERMINATION ...] [--resign-after N] [--seed N] [--log-messages FILE]

It finds its games in ``GET /api/me/games/`` and hears of new ones on each event's socket (``your-game``), follows
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

if __package__ in (None, ""):  # run as `python clients/bot.py`: import the package from the checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus, WebSocketException

from clients.api import Api, ApiError, GameState

log = logging.getLogger("bot")
QUIET_SECONDS = 10.0  # no message for this long: read the state over HTTP (a push may be lost: at most once)
POLL_SECONDS = 5.0  # how often games and events are read again, for what the sockets may not say
BAD_TOKEN = 4401
GONE = (4403, 4404)  # close codes after which reconnecting is useless


def choose(moves: list[str], strategy: str, rng: random.Random) -> str:
    """A move of ``moves``: any (random), or the best by the notation's marks (greedy: mate, capture, check)."""
    if strategy == "greedy":

        def worth(move: str) -> int:
            return 4 * ("#" in move) + 2 * ("x" in move) + ("+" in move)

        best = max(worth(move) for move in moves)
        moves = [move for move in moves if worth(move) == best]
    return rng.choice(moves)


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
    def __init__(self, api: Api, options: argparse.Namespace) -> None:
        self.api, self.options = api, options
        self.rng = random.Random(options.seed)
        self.told = parse_told(options.report or [])
        self.until: list[str] = list(options.until_event_ends or [])
        self.over: set[str] = set()
        self.playing: dict[int, asyncio.Task] = {}
        self.events: dict[str, asyncio.Task] = {}
        self.done = asyncio.Event()
        self.failure: str = ""
        self.record = open(options.log_messages, "a", encoding="utf-8") if options.log_messages else None  # noqa: SIM115

    async def call(self, method, *args):
        """An HTTP request of the API layer, in a thread (the socket loop goes on meanwhile)."""
        return await asyncio.to_thread(method, *args)

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
        for slug in self.until:
            self.listen_to_event(slug)
        poller = watched(self.poll(), "poll")
        await self.done.wait()
        log.info("stopping")
        for task in [poller, *self.playing.values(), *self.events.values()]:
            task.cancel()
        await asyncio.gather(poller, *self.playing.values(), *self.events.values(), return_exceptions=True)
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
            except OSError as exc:
                log.warning("the server does not answer: %s", exc)
            await asyncio.sleep(POLL_SECONDS)

    async def look_around(self) -> None:
        for game in await self.call(self.api.my_games):
            if game.state != "final":
                self.take(game.id, game.seat)
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
            if slug not in self.over and (await self.call(self.api.event, slug)).ended:
                log.info("event %s is over", slug)
                self.over.add(slug)
        if self.until and self.over >= set(self.until):
            self.stop()

    async def messages(self, path: str, channel: str):
        """Each message of socket ``path``, reconnecting after a drop; None after QUIET_SECONDS of silence."""
        headers = {"Authorization": f"Token {self.api.token}"}
        while not self.done.is_set():
            try:
                async with connect(self.api.ws_url(path), additional_headers=headers, open_timeout=10) as socket:
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
                if text is None:
                    state = await self.call(self.api.game, game_id)  # quiet: read it, in case a push was lost
                else:
                    message = self.heard("game", text)
                    if message.get("type") != "state":
                        continue
                    state = GameState.from_json(message["game"])
                if state.over:
                    log.info("game %s: over (%s)", game_id, state.raw.get("result"))
                    return
                if state.version >= newest:
                    newest = max(newest, await self.act(state, seat, acted))

    async def act(self, state: GameState, seat: str, acted: set[tuple[int, str]]) -> int:
        """Move (or resign) for each army ``seat`` moves in ``state``, once per state version; the version of the
        game after it (a state pushed meanwhile that is older than the answer is one this bot has answered)."""
        version = state.version
        for army in state.armies_to_move(seat):
            if (state.version, army) in acted:
                continue
            acted.add((state.version, army))
            try:
                if self.options.resign_after and len(state.moves) >= self.options.resign_after:
                    answer = await self.call(self.api.resign, state.id)
                    return max(version, answer.get("version", version) if isinstance(answer, dict) else version)
                moves = state.legal_moves_by_army.get(army) or []
                if moves:
                    move = choose(moves, self.options.strategy, self.rng)
                    answer = await self.call(self.api.move, state.id, move, f"bot-{state.id}-{state.version}-{army}")
                    version = max(version, answer.version)
            except ApiError as exc:  # the game changed meanwhile (the opponent, a flag, an arbiter): next state
                log.warning("game %s: %s", state.id, exc)
            except OSError as exc:
                log.warning("game %s: the server does not answer: %s", state.id, exc)
        return version

    async def report_as_told(self, game_id: int) -> None:
        """Report what this bot was told of a game played over the board; answer the opponent's report."""
        result, termination = self.told[game_id]
        reported = False
        while not self.done.is_set():
            try:
                state = await self.call(self.api.game, game_id)
                if state.over:
                    return
                if state.state in ("paired", "disputed") and not reported:
                    await self.call(self.api.report, game_id, result, termination)
                    reported = True
                elif state.state == "reported" and not reported:
                    pending = [r for r in await self.call(self.api.reports, game_id) if r["status"] == "pending"]
                    agree = bool(pending) and (pending[0]["result"], pending[0]["termination"]) == (result, termination)
                    await self.call(self.api.answer_report, game_id, agree)
                    reported = not agree  # a dispute is answered by the arbiter, or by our own report next time
            except ApiError as exc:
                log.info("game %s: %s", game_id, exc)
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
        api = Api(options.base, options.token)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    try:
        return asyncio.run(Bot(api, options).run())
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
