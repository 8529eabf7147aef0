"""Helpers of the game-action tests: requests to a real server as a player, and the game's stored state."""

from __future__ import annotations

from games.models import GameAction
from tests.games.asgi_server import token_for
from tournaments.models import Game


def post(server, user, game, action: str, body: object = None):
    """(status, JSON) of ``POST /api/games/{id}/{action}/`` as ``user`` (None: anonymous)."""
    token = token_for(user) if user is not None else ""
    return server.request("POST", f"/api/games/{game.pk}/{action}/", body, token=token)


def move(server, user, game, notation: str) -> dict:
    status, body = post(server, user, game, "moves", {"move": notation})
    assert status == 200, body
    return body


def play(server, game, white, black, moves: list[str]) -> dict:
    """Play ``moves`` alternately from White; returns the last answer."""
    body = {}
    for i, notation in enumerate(moves):
        body = move(server, white if i % 2 == 0 else black, game, notation)
    return body


def stored(game) -> tuple:
    """Everything an action could change: the game row's play and result, its actions, its move log."""
    game = Game.objects.get(pk=game.pk)
    actions = list(GameAction.objects.filter(game=game).order_by("pk").values_list("kind", "seat", "status"))
    log = game.move_log.count()
    return (game.version, list(game.moves), game.status, game.result, game.termination, game.clock, actions, log)


def refused(answer: tuple, status: int, field: str, words: str = "") -> None:
    """The refusal has ``status``, names ``field`` and (if given) says ``words``."""
    code, body = answer
    assert code == status, (code, body)
    assert field in body["errors"], body
    assert words in body["detail"], body["detail"]
