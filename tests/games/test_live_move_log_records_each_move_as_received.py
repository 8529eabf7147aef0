"""Every accepted move leaves one audit row: who moved which army, the move as recorded, the client id, the
server time and the clock after the press; a sealed Parity move is marked sealed. The game row changes with it."""

from __future__ import annotations

import pytest

from games.models import Move
from games.play.moves import submit_move
from tests.games.live_support import at, make_game, use_toy_parity
from tournaments.models import Game

pytestmark = pytest.mark.django_db


def rows(game):
    return list(
        Move.objects.filter(game=game)
        .order_by("id")
        .values("ply", "army", "seat", "notation", "client_id", "sealed", "played_at", "clock_after")
    )


def test_each_move_is_logged_with_its_seat_time_and_clock():
    game, white, black = make_game(time_control="5m+2")
    submit_move(game.pk, white, "e4", client_id="w-1", now=at(0))
    submit_move(game.pk, black, "Nf6", now=at(7.5))
    logged = rows(game)
    assert [(r["ply"], r["army"], r["seat"], r["notation"], r["client_id"], r["sealed"]) for r in logged] == [
        (1, "white", "white", "e4", "w-1", False),
        (2, "black", "black", "Nf6", "", False),
    ]
    assert [r["played_at"] for r in logged] == [at(0), at(7.5)]
    assert logged[1]["clock_after"]["black"]["remaining_ms"] == 300_000 - 7_500 + 2_000
    assert logged[1]["clock_after"]["white"]["running"] is True
    game = Game.objects.get(pk=game.pk)
    assert game.moves == ["e4", "Nf6"] and game.version == 2 and game.status == "live"
    assert game.position.startswith("rnbqkb1r/pppppppp/5n2/8/4P3/")


def test_a_sealed_move_is_logged_as_sealed_and_the_turn_once_both_are_in(monkeypatch):
    use_toy_parity(monkeypatch)
    game, white, black = make_game(variant="parity", time_control="5m")
    submit_move(game.pk, white, "e4", now=at(0))
    assert Game.objects.get(pk=game.pk).moves == []
    submit_move(game.pk, black, "e5", now=at(2))
    logged = rows(game)
    assert [(r["ply"], r["army"], r["notation"], r["sealed"]) for r in logged] == [
        (1, "white", "e4", True),
        (1, "black", "e5", True),
    ]
    game = Game.objects.get(pk=game.pk)
    assert game.moves == ["e4 e5"] and game.version == 2
