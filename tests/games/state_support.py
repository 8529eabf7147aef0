"""Shared by the game-state tests (tests/games/test_state_*): a game with its players and the event's organizer as
API clients, the requests of every action, and what a refusal must leave unchanged (docs/game-states.md)."""

from __future__ import annotations

from dataclasses import dataclass

from rest_framework.test import APIClient

from games.models import GameAction, ResultReport
from tests.games.live_support import make_game
from tests.games.report_api_support import client_for
from tournaments.models import Game

# Every request a player can make to play, with a body each would accept in a game in play.
PLAY_REQUESTS = {
    "move": ("moves/", {"move": "e4"}),
    "resign": ("resign/", None),
    "offer a draw": ("draw/", {"action": "offer"}),
    "claim": ("claim/", {"kind": "threefold-repetition"}),
}


@dataclass
class Board:
    game: Game
    white: APIClient
    black: APIClient
    arbiter: APIClient

    def post(self, client: APIClient, path: str, body: dict | None = None):
        return client.post(f"/api/games/{self.game.pk}/{path}", body or {}, format="json")

    def report(self, client: APIClient, result: str = "1-0", termination: str = "resignation"):
        return self.post(client, "report/", {"result": result, "termination": termination})

    def snapshot(self) -> tuple:
        """What a refused request must leave as it was: the game's row and its reports and actions."""
        game = Game.objects.get(pk=self.game.pk)
        reports = list(ResultReport.objects.filter(game=game).order_by("pk").values_list("status", "result"))
        actions = GameAction.objects.filter(game=game).count()
        columns = (game.status, game.result, game.result_status, game.moves, game.clock, game.version)
        return columns, reports, actions


def board(**options) -> Board:
    """A chess game of a published round under classical scoring (a draw needs no final position)."""
    game, white, black = make_game(variant="chess", scoring="classical", **options)
    return Board(game, client_for(white), client_for(black), client_for(game.round.event.organizer))


def assert_refused(response, *words: str) -> None:
    """A 409 whose JSON body names why: the game's state, in the words of docs/game-states.md."""
    assert response.status_code == 409, (response.status_code, response.content)
    body = response.json()
    reason = body["errors"]["game"][0]
    assert body["detail"]
    for word in words:
        assert word in reason, (word, reason)
