"""Switch-Side Chain-Chess (seed 004): "in switching sides, you also inherit your opponent's time left"."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.play.moves import submit_move
from record.refusals import Refusal
from tests.games.live_support import at, make_game
from tournaments.models import Game

pytestmark = pytest.mark.django_db

OPENING = ["b3", "d5", "g3", "e5", "Bg2", "e4", "f3", "Nf6"]  # seed 004, Table 1


def play_opening(game, white, black):
    t = 0
    for i, move in enumerate(OPENING):
        # White thinks 10 s a move, Black 40 s: the armies' times drift apart.
        t += 10 if i % 2 == 0 else 40
        submit_move(game.pk, white if i % 2 == 0 else black, move, now=at(t))
    return t


def test_the_switching_player_moves_on_with_the_time_of_the_army_taken_over():
    game, white, black = make_game(variant="sscc", time_control="10m")
    t = play_opening(game, white, black)
    before = Game.objects.get(pk=game.pk).clock
    assert before["white"]["remaining_ms"] == 600_000 - 3 * 10_000  # the first move starts the clocks: it is free
    assert before["black"]["remaining_ms"] == 600_000 - 4 * 40_000

    t += 5
    submit_move(game.pk, white, "c3/S", now=at(t))  # White's seat claims the switch: now it plays Black
    game = Game.objects.get(pk=game.pk)
    assert game.controllers == {"white": "black", "black": "white"}
    assert game.clock["running"] == ["black"]

    body = APIClient().get(f"/api/games/{game.pk}/").json()
    assert body["turn"] == "black" and body["to_move"] == [{"army": "black", "seat": "white"}]
    # The person who started as White now spends the black army's time: the black army's clock runs.
    assert body["clocks"]["controllers"] == {"white": "black", "black": "white"}
    assert body["clocks"]["white"]["remaining_ms"] == 600_000 - 35_000  # the white army kept its time

    with pytest.raises(Refusal) as refused:
        submit_move(game.pk, black, "d4", now=at(t + 1))
    assert refused.value.field == "turn"
    t += 7
    submit_move(game.pk, white, "d4/S", now=at(t))  # seed: 5...d4!, switching again
    game = Game.objects.get(pk=game.pk)
    assert game.controllers == {"white": "white", "black": "black"}
    assert game.clock["black"]["remaining_ms"] == 600_000 - 4 * 40_000 - 7_000  # the white seat spent 7 s of it
