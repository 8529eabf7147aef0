"""Redis restarted during live play: every watcher ends at the stored version, no socket crashed, the sockets opened
before the outage keep receiving after it, and the first sockets after it are served.

Everything real: two uvicorn processes (two web processes sharing one channel layer), a redis-server of the test's
own on a port it chooses (stopped, then started empty, as a restart without persistence leaves it), the test
database (PostgreSQL: several processes share it). Moves go over HTTP through both processes, before, during and
right after the outage (the first push of each process after the restart meets a dead pooled connection).
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest
from rest_framework.authtoken.models import Token
from websockets.asyncio.client import connect

from tests.config.served import BIN, app_env, free_port, http, redis_server, started, stop
from tests.faults.stack import database_url
from tests.games.live_support import make_game

SETTLED = 30  # seconds every watcher has to reach the stored version


@contextmanager
def uvicorn(env: dict[str, str], log: Path):
    """config.asgi served as `make run` serves it; yields its base URL."""
    port = free_port()
    command = [str(BIN / "python"), "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1", "--port", str(port),
               "--ws", "websockets-sansio", "--ws-per-message-deflate", "false", "--lifespan", "off"]  # fmt: skip
    base = f"http://127.0.0.1:{port}"

    def ready() -> bool:
        try:
            return http("GET", base + "/healthz", timeout=2)[0] in (200, 503)
        except OSError:
            return False

    with started(command, env, log, ready, timeout=60):
        yield base


class Watcher:
    """A socket on a game, recording the version of every state it is sent and how it ended."""

    def __init__(self, base: str, game_id: int, name: str) -> None:
        self.url = base.replace("http://", "ws://") + f"/ws/games/{game_id}/"
        self.name, self.versions, self.stamps, self.closed = name, [], [], None
        self.pongs = 0

    async def run(self, opened: asyncio.Event) -> None:
        try:
            async with connect(self.url, open_timeout=10) as socket:
                self.socket = socket
                opened.set()
                async for text in socket:
                    message = json.loads(text)
                    if message["type"] == "state":
                        self.versions.append(message["game"]["version"])
                        self.stamps.append(time.monotonic())
                    elif message["type"] == "pong":
                        self.pongs += 1
                self.closed = f"closed: {socket.close_code} {socket.close_reason}"
        except Exception as exc:
            self.closed = f"failed: {exc!r}"
            opened.set()

    @property
    def version(self) -> int:
        return self.versions[-1] if self.versions else -1


async def watch(watchers: list[Watcher], tasks: list) -> None:
    for watcher in watchers:
        opened = asyncio.Event()
        tasks.append(asyncio.create_task(watcher.run(opened)))
        await asyncio.wait_for(opened.wait(), 15)
        assert watcher.closed is None, watcher.closed


async def play(bases: list[str], game_id: int, tokens: dict[str, str], plies: int, rng: random.Random) -> int:
    """Play ``plies`` random legal moves over HTTP, alternating between the web processes; the stored version."""
    for ply in range(plies):
        base = bases[ply % len(bases)]
        status, state = await asyncio.to_thread(http, "GET", f"{base}/api/games/{game_id}/")
        assert status == 200, state
        move = rng.choice(state["legal_moves"])
        status, body = await asyncio.to_thread(
            http, "POST", f"{base}/api/games/{game_id}/moves/", {"move": move}, tokens[state["turn"]]
        )
        assert status == 200, body  # the write stands whatever the channel layer does
    status, state = await asyncio.to_thread(http, "GET", f"{bases[0]}/api/games/{game_id}/")
    assert status == 200 and state["status"] == "live", state
    return state["version"]


async def settled(watchers: list[Watcher], version: int, logs) -> None:
    deadline = time.monotonic() + SETTLED
    while any(w.version != version for w in watchers):
        if time.monotonic() > deadline:
            behind = {w.name: (w.version, w.closed) for w in watchers if w.version != version}
            raise AssertionError(f"watchers behind the stored version {version}: {behind}\n{logs()}")
        await asyncio.sleep(0.2)


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_redis_restart_during_live_play_leaves_no_watcher_behind_and_no_socket_crashed(tmp_path):
    redis_port = free_port()
    env = app_env(
        DATABASE_URL=database_url(), DB_CONN_MAX_AGE="0", CHANNEL_LAYER_URL=f"redis://127.0.0.1:{redis_port}/0", LOG_LEVEL="INFO"
    )
    game, white, black = make_game(variant="chess", time_control="60m")
    tokens = {"white": Token.objects.create(user=white).key, "black": Token.objects.create(user=black).key}
    rng = random.Random(26)

    def logs() -> str:
        return "\n".join(f"--- {p.name}\n{p.read_text()[-3000:]}" for p in sorted(tmp_path.glob("*.log")))

    async def scenario(bases: list[str], restart) -> tuple[list[Watcher], list[Watcher], float]:
        tasks: list = []
        before = [Watcher(base, game.pk, f"before-{i}-{base[-5:]}") for base in bases for i in range(2)]
        await watch(before, tasks)
        await settled(before, await play(bases, game.pk, tokens, 4, rng), logs)

        outage = await asyncio.to_thread(restart)  # Redis stopped; moves played; Redis started empty
        await play(bases, game.pk, tokens, 3, rng)  # each process's first push after the restart among them
        after = [Watcher(base, game.pk, f"after-{base[-5:]}") for base in bases]
        await watch(after, tasks)  # the first sockets after the restart
        version = await play(bases, game.pk, tokens, 3, rng)
        await settled(before + after, version, logs)

        for watcher in before + after:  # each socket still answers
            await watcher.socket.send('{"type": "ping"}')
        await asyncio.sleep(1)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        return before, after, outage

    with ExitStack() as stack:
        holder = {"redis": stack.enter_context(redis_server(redis_port, tmp_path / "redis.log"))}
        bases = [stack.enter_context(uvicorn(env, tmp_path / f"web-{i}.log")) for i in range(2)]

        def restart() -> float:
            stop(holder["redis"])
            ended = time.monotonic()
            asyncio.run(play(bases, game.pk, tokens, 3, rng))  # pushes that cannot be sent
            holder["redis"] = stack.enter_context(redis_server(redis_port, tmp_path / "redis.log"))
            return ended

        before, after, outage = asyncio.run(scenario(bases, restart))

    game.refresh_from_db()
    for watcher in before + after:
        assert watcher.closed is None, (watcher.name, watcher.closed)
        assert watcher.pongs == 1, (watcher.name, logs())
        assert watcher.version == game.version
    for watcher in before:  # kept receiving after the outage
        assert sum(stamp > outage for stamp in watcher.stamps) >= 1, (watcher.name, watcher.versions)
    served = "".join((tmp_path / f"web-{i}.log").read_text() for i in range(2))
    assert "Exception inside application" not in served and "Traceback" not in served, served[-4000:]
