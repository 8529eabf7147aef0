"""``/ws/games/{id}/``: the current state first, then the state after every change (move, arbiter's clock, offer,
claim, end) to players and spectators alike, within a second; read-only; 4404/4403 for unknown or hidden games.

Run against the configured channel layer: in memory by default, Redis in CI (.ci/run sets CHANNEL_LAYER_URL).
"""

from __future__ import annotations

import asyncio
import time

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.conf import settings

from tests.games.live_support import make_game, use_toy_parity
from tests.games.sockets_support import api_get, api_post, headers_for, opened

pytestmark = pytest.mark.django_db(transaction=True)

STABLE = ("id", "moves", "position", "turn", "legal_moves", "status", "result", "version", "draw_offer", "claim", "white")


def same_state(pushed: dict, read: dict) -> None:
    """The pushed state is the GET payload (clock readings aside, which are taken at different instants)."""
    assert set(pushed) == set(read)
    assert {k: pushed[k] for k in STABLE} == {k: read[k] for k in STABLE}


def test_the_first_message_is_the_current_state_and_a_move_by_the_other_player_arrives_within_a_second():
    game, white, black = make_game()
    api_post(white, f"/api/games/{game.pk}/moves/", {"move": "e4"})
    as_black = headers_for(black)

    async def scenario():
        socket = await opened(f"/ws/games/{game.pk}/", as_black)  # Black watches and waits
        first = await socket.receive_json_from(timeout=2)
        assert first["type"] == "state"
        same_state(first["game"], await database_sync_to_async(api_get)(f"/api/games/{game.pk}/"))
        started = time.monotonic()
        await database_sync_to_async(api_post)(white, f"/api/games/{game.pk}/draw/", {"action": "offer"})
        answer = await database_sync_to_async(api_post)(black, f"/api/games/{game.pk}/moves/", {"move": "c5"})
        assert answer.status_code == 200
        offered = await socket.receive_json_from(timeout=1)
        moved = await socket.receive_json_from(timeout=1)
        assert time.monotonic() - started < 1.0
        assert offered["game"]["draw_offer"] == {"by": "white"} and offered["game"]["version"] == first["game"]["version"] + 1
        assert moved["game"]["moves"] == ["e4", "c5"] and moved["game"]["draw_offer"] is None
        same_state(moved["game"], await database_sync_to_async(api_get)(f"/api/games/{game.pk}/"))
        await socket.disconnect()

    async_to_sync(scenario)()


def test_spectators_see_every_change_in_order_up_to_the_end():
    game, white, black = make_game()
    organizer = game.round.event.organizer
    path = f"/api/games/{game.pk}/"

    async def scenario():
        spectator = await opened(f"/ws/games/{game.pk}/", headers_for())
        assert (await spectator.receive_json_from(timeout=2))["game"]["version"] == 0
        changes = [
            (white, "moves/", {"move": "d4"}),
            (organizer, "clock/", {"action": "adjust", "side": "black", "seconds": 60}),
            (black, "draw/", {"action": "offer", "move": "d5"}),
            (white, "draw/", {"action": "decline"}),
            (white, "moves/", {"move": "c4"}),
            (black, "resign/", None),
        ]
        for user, action, body in changes:
            response = await database_sync_to_async(api_post)(user, path + action, body)
            assert response.status_code == 200, response.json()
        seen = [(await spectator.receive_json_from(timeout=1))["game"] for _ in changes]
        assert [s["version"] for s in seen] == sorted({s["version"] for s in seen})  # in order, one state each
        assert 359_000 < seen[1]["clocks"]["black"]["remaining_ms"] <= 360_000  # the arbiter's minute (running)
        assert seen[2]["draw_offer"] == {"by": "black"} and seen[3]["draw_offer"] is None
        assert (seen[-1]["result"], seen[-1]["termination"]) == ("1-0", "resignation")
        assert await spectator.receive_nothing(timeout=0.3)  # one message per change, none twice
        await spectator.disconnect()

    async_to_sync(scenario)()


def test_the_socket_only_listens():
    game, white, _ = make_game()
    as_white = headers_for(white)

    async def scenario():
        socket = await opened(f"/ws/games/{game.pk}/", as_white)
        await socket.receive_json_from(timeout=2)
        await socket.send_json_to({"type": "move", "move": "e4"})
        answer = await socket.receive_json_from(timeout=1)
        assert answer["type"] == "error" and "/api/games/" in answer["detail"]
        await socket.send_json_to({"type": "ping"})
        assert await socket.receive_json_from(timeout=1) == {"type": "pong"}
        await socket.disconnect()

    async_to_sync(scenario)()
    assert api_get(f"/api/games/{game.pk}/")["moves"] == []


def test_unknown_and_unpublished_games_close_with_4404_and_4403():
    hidden, _, _ = make_game(round_status="paired")

    async def scenario():
        for path, code in ((f"/ws/games/{hidden.pk + 1000}/", 4404), (f"/ws/games/{hidden.pk}/", 4403)):
            socket = await opened(path, headers_for())
            closed = await socket.receive_output(timeout=2)
            assert closed == {"type": "websocket.close", "code": code}, path
            await socket.disconnect()

    async_to_sync(scenario)()


def test_a_parity_player_sees_their_own_sealed_move_and_nobody_else_does(monkeypatch):
    use_toy_parity(monkeypatch)
    game, white, black = make_game(variant="parity")
    as_white, as_black = headers_for(white), headers_for(black)

    async def scenario():
        mine = await opened(f"/ws/games/{game.pk}/", as_white)
        theirs = await opened(f"/ws/games/{game.pk}/", as_black)
        public = await opened(f"/ws/games/{game.pk}/", headers_for())
        for socket in (mine, theirs, public):
            await socket.receive_json_from(timeout=2)
        await database_sync_to_async(api_post)(white, f"/api/games/{game.pk}/moves/", {"move": "Nh3"})
        assert (await mine.receive_json_from(timeout=1))["game"]["your_sealed_move"] == {"white": "Nh3"}
        for socket in (theirs, public):
            text = await socket.receive_from(timeout=1)
            assert "Nh3" not in text and '"sealed":{"white":true,"black":false}' in text
        for socket in (mine, theirs, public):
            await socket.disconnect()

    async_to_sync(scenario)()


@pytest.mark.skipif("redis" not in settings.CHANNEL_LAYERS["default"]["BACKEND"], reason="a Redis channel layer only")
def test_a_socket_idle_longer_than_the_layers_wait_still_hears_the_next_move():
    # The Redis layer blocks up to 5 s waiting for a message; a client read timeout of 5 s (redis-py's default)
    # ended that wait in an error and closed every socket that had been quiet for 5 s.
    game, white, _ = make_game()

    async def scenario():
        socket = await opened(f"/ws/games/{game.pk}/", headers_for())
        await socket.receive_json_from(timeout=2)
        await asyncio.sleep(6)
        await database_sync_to_async(api_post)(white, f"/api/games/{game.pk}/moves/", {"move": "e4"})
        assert (await socket.receive_json_from(timeout=1))["game"]["moves"] == ["e4"]
        await socket.disconnect()

    async_to_sync(scenario)()
