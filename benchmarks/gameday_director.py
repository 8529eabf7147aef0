"""The director of a game day: builds the event through the organizer API and runs its rounds, injecting faults.

Set-up: the director's account exists (made here, as an organizer's login is made once) and logs in over the API;
the event is created, its players imported (name, rating, e-mail, username) and invited (which makes their
logins), and the event announced, through the organizer API. Taking up an invitation means choosing a password
on a page, which a game day does not play: each player's login is given an API token here instead, in the stack's
database.

Each round is paired (``POST /rounds/``: the pairing time), reviewed (``GET`` the round) and published through the
API, then played to its end by the bots; the round is over when the API says it is complete.
"""

from __future__ import annotations

import asyncio
import os
import time

from benchmarks.gameday_bots import Day
from benchmarks.gameday_stack import Stack
from variants import policies

DIRECTOR = "gameday-director"
DIRECTOR_PASSWORD = "gameday director password 0123"  # noqa: S105 - a throwaway local account
IMPORT_CHUNK = 100
ROUND_POLL_SECONDS = 0.5


def draw_for(key: str) -> policies.Draw:
    """How an event plays variant ``key``: its engine's first dice draw when it is rolled, else the fixed policy."""
    rolled = [draw for draw in policies.draws() if draw.variant == key]
    return rolled[0] if rolled else policies.FIXED_DRAW


def _django(stack: Stack) -> None:
    """Django in this process, on the stack's database (the set-up's two writes); idempotent."""
    os.environ.update(stack.env())
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    import django

    django.setup()


def make_director(stack: Stack) -> None:
    _django(stack)
    from django.contrib.auth import get_user_model
    from django.db import connections

    get_user_model().objects.create_user(DIRECTOR, password=DIRECTOR_PASSWORD, is_staff=True)
    connections.close_all()


def tokens_for_players(stack: Stack, slug: str) -> dict[int, str]:
    """Player id -> an API token of the player's login (made by the invitation)."""
    _django(stack)
    from django.db import connections
    from rest_framework.authtoken.models import Token

    from tournaments.models import Registration

    tokens = {}
    for reg in Registration.objects.filter(event__slug=slug).select_related("player__user"):
        if reg.player.user is None:
            raise RuntimeError(f"{reg.player} has no login after the invitations")
        tokens[reg.player_id] = Token.objects.get_or_create(user=reg.player.user)[0].key
    connections.close_all()
    return tokens


async def build_event(day: Day, stack: Stack, options) -> tuple[str, dict[int, str]]:
    """Create the event, import and invite its players; the director's token and each player's token."""
    await asyncio.to_thread(make_director, stack)
    http = day.http
    login = await http.json("POST", "/api/auth/token/", body={"username": DIRECTOR, "password": DIRECTOR_PASSWORD})
    token = login["token"]
    draw = draw_for(options.variant)
    body = {"name": f"Game day {options.players}x{options.rounds}", "format": "swiss", "rounds": options.rounds,
            "variant_policy": draw.name, "variant": options.variant if draw.variant is None else "",
            "scoring": options.scoring, "time_control": options.time_control}  # fmt: skip
    event = await http.json("POST", "/api/events/", token, body)
    day.slug = event["slug"]
    rows = [{"name": f"Gameday Player {i:03d}", "rating": 2400 - 3 * i, "email": f"gd{i}@gameday.example.org",
             "username": f"gd{i}"} for i in range(1, options.players + 1)]  # fmt: skip
    for start in range(0, len(rows), IMPORT_CHUNK):
        done = await http.json("POST", f"/api/events/{day.slug}/players/", token, rows[start : start + IMPORT_CHUNK])
        assert done["registered"] == len(rows[start : start + IMPORT_CHUNK]), done
    invited = await http.json("POST", f"/api/events/{day.slug}/invitations/", token, {})
    assert invited["sent"] == options.players, invited
    await http.json("POST", f"/api/events/{day.slug}/announce/", token, {})  # public: its sockets open to all
    return token, await asyncio.to_thread(tokens_for_players, stack, day.slug)


async def publish_killing_the_worker(day: Day, stack: Stack, path: str, token: str) -> tuple[dict, asyncio.Task]:
    """Publish while the worker is SIGKILLed (the publish request in flight); a new worker starts 2 s later, while
    the round is played (the task that does it is returned)."""
    window = day.metrics.fault_started("worker killed mid-publish")
    publish = asyncio.create_task(day.http.json("POST", path, token, {}))
    await asyncio.sleep(0.05)  # the request is on its way
    await asyncio.to_thread(stack.kill_worker)
    published = await publish

    async def restart() -> None:
        await asyncio.sleep(2.0)  # what the publish queued waits for a worker meanwhile
        await asyncio.to_thread(stack.start_worker)
        day.metrics.fault_ended(window)

    return published, asyncio.create_task(restart())


async def faults_during_play(day: Day, stack: Stack, faults: list[str], boards: int) -> None:
    """Once a quarter of the round's expected moves are in (or 15 s passed): each fault of ``faults`` in turn."""
    stats = day.metrics.current
    target, deadline = max(boards * day.resign_after // 4, 1), time.monotonic() + 15
    while stats.moves < target and time.monotonic() < deadline and not stats.ended:
        await asyncio.sleep(0.2)
    for what in faults:
        window = day.metrics.fault_started(what)
        if what == "redis restarted":
            await asyncio.to_thread(stack.restart_redis)
        else:
            count = await asyncio.to_thread(stack.terminate_database_connections)
            stats.faults[-1] = f"{what} ({count})"
        day.metrics.fault_ended(window)
        await asyncio.sleep(3.0)


def fault_plan(rounds: int) -> dict[int, list[str]]:
    """Which faults happen in which round: the worker at round 2's publish, Redis during round 2, the database
    connections during round 3 (all in the last round of a shorter event)."""
    first = min(2, rounds)
    plan = {first: ["worker", "redis restarted"]}
    plan.setdefault(min(3, rounds), []).append("database connections terminated")
    return plan


async def wait_until_complete(day: Day, path: str, token: str, timeout: float) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        body = await day.http.json("GET", path, token)
        if body["status"] == "complete":
            return body
        await asyncio.sleep(ROUND_POLL_SECONDS)
    unfinished = [b["game_id"] for b in body["boards"] if b["result_status"] != "final"]
    raise RuntimeError(f"{path} not complete after {timeout:.0f} s; unfinished games {unfinished[:20]}")


async def run_round(day: Day, stack: Stack, token: str, number: int, faults: list[str], timeout: float) -> None:
    stats = day.metrics.begin_round(number)
    base = f"/api/events/{day.slug}/rounds/"
    started = time.monotonic()
    paired = await day.http.json("POST", base, token, {}, ok=(201,))
    stats.pairing_s = time.monotonic() - started
    assert paired["number"] == number, paired
    started = time.monotonic()
    await day.http.json("GET", f"{base}{number}/", token)
    stats.review_s = time.monotonic() - started
    stats.started = time.monotonic()  # the bots play from the moment the publish commits, before its answer
    pending = []
    if "worker" in faults:
        published, restart = await publish_killing_the_worker(day, stack, f"{base}{number}/publish/", token)
        pending.append(restart)
    else:
        published = await day.http.json("POST", f"{base}{number}/publish/", token, {})
    stats.publish_s = time.monotonic() - stats.started
    day.round_games, day.round_number = [board["game_id"] for board in published["boards"]], number
    during = [what for what in faults if what != "worker"]
    if during:
        pending.append(asyncio.create_task(faults_during_play(day, stack, during, len(day.round_games))))
    await wait_until_complete(day, f"{base}{number}/", token, timeout)
    stats.ended = time.monotonic()
    await asyncio.gather(*pending)
    day.metrics.end_round()
