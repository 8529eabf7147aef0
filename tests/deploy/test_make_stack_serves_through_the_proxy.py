"""`make stack`'s topology, started as it is from Python (deploy.stack.Stack): nginx routes HTTP to gunicorn and /ws/
to the uvicorn processes, a worker and beat run; moves played over HTTP through the proxy reach a socket watching
the game through the proxy; stopping it leaves no process behind.

The stack gets its own PostgreSQL database and a private redis-server (nothing shared is touched), free ports and
a runtime directory under the test's tmp_path. Slow (about 30 s): `make test-slow`, which CI runs.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil

import pytest

from deploy import services
from deploy.stack import Stack, nginx_binary

pytestmark = pytest.mark.slow
PASSWORD = "stack-test-password"


def call(stack: Stack, method: str, path: str, body: dict | None = None, token: str = "") -> tuple[int, dict | str]:
    conn = http.client.HTTPConnection("127.0.0.1", stack.port, timeout=30)
    headers = {"Content-Type": "application/json"} | ({"Authorization": f"Token {token}"} if token else {})
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    answer = conn.getresponse()
    text = answer.read().decode()
    conn.close()
    is_json = answer.getheader("Content-Type", "").startswith("application/json")
    return answer.status, (json.loads(text) if is_json else text)


@pytest.fixture
def stack(tmp_path):
    if not nginx_binary():
        pytest.fail("nginx is not installed (apt-get install nginx; .ci/run installs it)")
    if not shutil.which("redis-server"):
        pytest.skip("no redis-server here")
    database = f"rvchess_stack_test_{os.getpid()}"
    started = Stack(
        port=0, database=database, redis="private", runtime=tmp_path / "stack", demo_password=PASSWORD, quiet=True,
        env={"LOGIN_THROTTLE": "1000/min"},
    )  # fmt: skip
    try:
        services.ensure_postgres(started.postgres)
    except services.StackError as exc:
        pytest.skip(str(exc))
    try:
        yield started.start()
    finally:
        started.stop()
        services.drop_database(started.database_url)


def tokens_and_a_game(stack: Stack) -> tuple[dict[str, str], dict]:
    """Every demo player's token (logged in through the proxy), and a game of the published round to play."""
    tokens, games = {}, {}
    for number in range(1, 13):
        status, body = call(stack, "POST", "/api/auth/token/", {"username": f"demo{number}", "password": PASSWORD})
        assert status == 200, body
        status, mine = call(stack, "GET", "/api/me/games/?page_size=200", token=body["token"])
        assert status == 200, mine
        for game in mine["results"]:
            tokens[(game["id"], game["seat"])] = body["token"]
            games[game["id"]] = game
    status, state = 0, {}
    for game_id in sorted(games):
        status, state = call(stack, "GET", f"/api/games/{game_id}/")
        if status == 200 and state["legal_moves"] and (game_id, "white") in tokens and (game_id, "black") in tokens:
            return {seat: tokens[(game_id, seat)] for seat in ("white", "black")}, state
    raise AssertionError(f"no playable game in the demo: {status} {state}")


def test_moves_over_http_reach_a_socket_through_the_proxy_and_stop_leaves_nothing(stack):
    from websockets.sync.client import connect

    status, health = call(stack, "GET", "/healthz")
    assert status == 200 and health["status"] == "ok", health  # database, broker, cache, channel layer, worker
    assert call(stack, "GET", "/")[0] == 200
    status, page = call(stack, "GET", "/accounts/login/")
    assert status == 200
    static = re.search(r'/static/[^"]+\.[0-9a-f]{12}\.\w+', page).group(0)  # collected and hashed, through the proxy
    assert call(stack, "GET", static)[0] == 200

    tokens, state = tokens_and_a_game(stack)
    # A browser's socket: Origin of the site as the proxy serves it (host and port kept by the proxy).
    with connect(f"ws://127.0.0.1:{stack.port}/ws/games/{state['id']}/", origin=stack.url, open_timeout=20) as socket:
        first = json.loads(socket.recv(timeout=20))
        assert first["type"] == "state" and first["game"]["version"] == state["version"]
        for _ in range(4):
            seat = state["to_move"][0]["seat"]
            status, state = call(
                stack, "POST", f"/api/games/{state['id']}/moves/", {"move": state["legal_moves"][0]}, token=tokens[seat]
            )
            assert status == 200, state
            pushed = json.loads(socket.recv(timeout=20))
            while pushed["game"]["version"] < state["version"]:
                pushed = json.loads(socket.recv(timeout=20))
            assert pushed["game"]["version"] == state["version"]
            assert pushed["game"]["moves"] == state["moves"]

    assert set(stack.processes) == {"web", "socket-1", "socket-2", "worker", "beat", "proxy", "redis"}
    stack.stop()
    assert stack.leftovers() == []
    assert not services.answers("127.0.0.1", stack.port) and not services.answers("127.0.0.1", stack.web_port)
