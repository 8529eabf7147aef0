"""The move path's lock query is compiled once per process and run with each move's game and client_id; what it
reads is what the ORM's own query (``lock_queryset``) reads, field by field and fact by fact, whatever the game
holds: waiting offers, sealed moves of the turn, a move under the client_id, none of these. The typed locked game
(``LiveGame``) says from those facts what still has to be read."""

from __future__ import annotations

import pytest
from django.db import transaction

from games.models import GameAction
from games.play.live_game import LiveGame
from games.play.moves import submit_move
from games.play.resign_draw import draw
from games.play.store import FACTS, GAME_COLUMNS, lock_for_move, lock_queryset, lock_row
from tests.games.live_support import make_game, use_toy_parity

pytestmark = pytest.mark.django_db
EXTRAS = ("waiting_any", "last_sealed_ply", "seen_version")


def read_both(game_id: int, client_id: str = "") -> tuple[dict, dict, LiveGame]:
    """(the compiled statement's row, the ORM's row, the LiveGame the move path builds), all under the lock."""
    with transaction.atomic():
        compiled = lock_row(game_id, client_id, compiled=True)
        orm = lock_row(game_id, client_id, compiled=False)
        locked = lock_for_move(game_id, client_id)
    return compiled, orm, locked


def same(compiled: dict, orm: dict, client_id: str) -> None:
    names = [*GAME_COLUMNS, *FACTS, *EXTRAS] + (["earlier_move_id"] if client_id else [])
    assert sorted(compiled) == sorted(orm) == sorted(names)
    assert {n: compiled[n] for n in GAME_COLUMNS} == {n: orm[n] for n in GAME_COLUMNS}
    assert {n: compiled[n] for n in names if n not in GAME_COLUMNS} == {n: orm[n] for n in names if n not in GAME_COLUMNS}


@pytest.mark.parametrize("client_id", ["", "mine-1", "nobody-used-this"])
def test_a_chess_game_with_a_waiting_offer_and_a_client_id(client_id):
    game, white, black = make_game(variant="chess", time_control="5m+2")
    submit_move(game.pk, white, "e4", client_id="mine-1")
    draw(game.pk, white, "offer")
    compiled, orm, locked = read_both(game.pk, client_id)
    same(compiled, orm, client_id)
    assert compiled["waiting_any"] is True and locked.waiting is None  # read when needed
    assert (locked.earlier_move_id is not None) == (client_id == "mine-1")


def test_a_fresh_game_has_nothing_waiting_and_nothing_sealed():
    game, _, _ = make_game(variant="chess")
    compiled, orm, locked = read_both(game.pk)
    same(compiled, orm, "")
    assert locked.waiting == [] and locked.sealed == {} and locked.earlier_move_id is None
    assert GameAction.objects.count() == 0


def test_a_parity_turn_with_one_sealed_move(monkeypatch):
    use_toy_parity(monkeypatch)
    game, white, black = make_game(variant="parity")
    submit_move(game.pk, white, "e4")
    compiled, orm, locked = read_both(game.pk)
    same(compiled, orm, "")
    assert compiled["last_sealed_ply"] == 1 and locked.sealed is None  # read when needed
    submit_move(game.pk, black, "e5")
    _, _, locked = read_both(game.pk)
    assert locked.sealed == {}  # the turn resolved


def test_no_such_game():
    with transaction.atomic():
        assert lock_for_move(10**12) is None and list(lock_queryset(10**12)) == []
        assert lock_row(10**12, compiled=True) is None
