"""Sockets for programs, over a real uvicorn and the plain ``websockets`` client (which sends no ``Origin``):
a token in ``Authorization: Token <key>`` is the account as on the API (a revoked one is refused with 4401), a
missing Origin is a program and let in, a foreign Origin is refused; bad messages close with a documented code and
leave no traceback in the log."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from tests.games.asgi_server import token_for
from tests.games.live_support import make_game, use_toy_parity
from tests.games.sockets_support import api_post
from tournaments.services.rounds import publish_round

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("in_memory_layer")]


def token_header(user) -> dict:
    return {"Authorization": f"Token {token_for(user)}"}


async def first(url: str, headers: dict | None = None) -> dict:
    async with connect(url, additional_headers=headers or {}, open_timeout=5) as socket:
        return json.loads(await asyncio.wait_for(socket.recv(), 5))


async def close_of(url: str, headers: dict | None = None, send: str | bytes | None = None) -> tuple[int, str]:
    """(code, reason) the server closes the socket with, after ``send`` if given."""
    async with connect(url, additional_headers=headers or {}, open_timeout=5, max_size=None) as socket:
        if send is not None:
            await socket.recv()  # a game socket's state comes first
            await socket.send(send)
        try:
            while True:
                await asyncio.wait_for(socket.recv(), 5)
        except ConnectionClosed as closed:
            return closed.rcvd.code, closed.rcvd.reason


def test_a_program_with_no_origin_and_a_token_gets_the_state_with_its_own_sealed_parity_move(asgi_server, monkeypatch):
    use_toy_parity(monkeypatch)
    game, white, black = make_game(variant="parity")
    assert api_post(white, f"/api/games/{game.pk}/moves/", {"move": "Nh3"}).status_code == 200
    url = asgi_server.ws_url(f"/ws/games/{game.pk}/")

    mine = async_to_sync(first)(url, token_header(white))
    theirs = async_to_sync(first)(url, token_header(black))
    public = async_to_sync(first)(url)
    assert mine["type"] == "state" and mine["game"]["your_sealed_move"] == {"white": "Nh3"}
    assert "your_sealed_move" not in theirs["game"] and theirs["game"]["sealed"] == {"white": True, "black": False}
    assert "Nh3" not in json.dumps(public) and "Nh3" not in json.dumps(theirs)


def test_the_your_game_notice_reaches_a_bot_that_logged_in_with_its_token(asgi_server):
    game, white, _ = make_game(round_status="paired")
    event, rnd = game.round.event, game.round
    event.status = event.Status.RUNNING  # announced: its news is public
    event.save(update_fields=["status"])
    url, headers = asgi_server.ws_url(f"/ws/events/{event.slug}/"), token_header(white)

    async def scenario():
        async with connect(url, additional_headers=headers, open_timeout=5) as socket:
            await asyncio.sleep(0.2)  # joined
            await database_sync_to_async(publish_round)(rnd)
            news = [json.loads(await asyncio.wait_for(socket.recv(), 5)) for _ in range(2)]
        return {n["type"]: n for n in news}

    news = async_to_sync(scenario)()
    assert news["your-game"]["game"] == game.pk and news["your-game"]["seat"] == "white"
    assert news["round-published"]["round"] == rnd.number


def test_a_revoked_or_wrong_token_is_closed_with_4401_and_the_reason(asgi_server):
    game, white, _ = make_game()
    url = asgi_server.ws_url(f"/ws/games/{game.pk}/")
    key = token_for(white)
    assert async_to_sync(first)(url, {"Authorization": f"Token {key}"})["type"] == "state"
    status, _ = asgi_server.request("POST", "/api/auth/token/revoke/", token=key)
    assert status == 204
    code, reason = async_to_sync(close_of)(url, {"Authorization": f"Token {key}"})
    assert code == 4401 and "token" in reason.lower()
    assert async_to_sync(close_of)(url, {"Authorization": "Token"})[0] == 4401


def test_a_page_of_another_site_is_refused_and_one_of_ours_is_let_in(asgi_server):
    game, _, _ = make_game()
    url = asgi_server.ws_url(f"/ws/games/{game.pk}/")
    with pytest.raises(InvalidStatus) as refused:
        async_to_sync(first)(url, {"Origin": "https://evil.example"})
    assert refused.value.response.status_code == 403
    assert async_to_sync(first)(url, {"Origin": asgi_server.url})["type"] == "state"


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ("{not json", 4400),
        ("[" * 100_000 + "]" * 100_000, 1009),  # 200 KB nested: too big before it is parsed
        ("[" * 2000 + "]" * 2000, 4400),  # nested past the parser's recursion limit, within the size limit
        ('"just a string"', 4400),
        (b"\x00\x01binary", 4400),
        ("x" * 5000, 1009),
    ],
    ids=["malformed", "nested-200kb", "nested-4kb", "not-an-object", "binary", "huge"],
)
def test_a_bad_message_closes_the_socket_with_its_code_and_no_traceback(asgi_server, caplog, message, code):
    game, _, _ = make_game()
    url = asgi_server.ws_url(f"/ws/games/{game.pk}/")
    with caplog.at_level(logging.WARNING):
        closed, reason = async_to_sync(close_of)(url, None, message)
    assert closed == code and reason
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info], caplog.text


def test_a_ping_is_answered_and_another_object_is_told_where_actions_go(asgi_server):
    game, _, _ = make_game()
    url = asgi_server.ws_url(f"/ws/games/{game.pk}/")

    async def scenario():
        async with connect(url, open_timeout=5) as socket:
            await socket.recv()  # the state
            await socket.send('{"type": "ping"}')
            pong = json.loads(await asyncio.wait_for(socket.recv(), 5))
            await socket.send('{"type": "move", "move": "e4"}')
            error = json.loads(await asyncio.wait_for(socket.recv(), 5))
        return pong, error

    pong, error = async_to_sync(scenario)()
    assert pong == {"type": "pong"} and error["type"] == "error" and "/api/games/" in error["detail"]
