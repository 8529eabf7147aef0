"""The move path's lock query is compiled once per process and run with each move's game and client_id; what it
reads is what the ORM's own query (``lock_queryset``) reads, field by field and fact by fact, whatever the game
holds: waiting offers, sealed moves of the turn, a move under the client_id, none of these."""

from __future__ import annotations

import pytest
from django.db import transaction

from games.models import GameAction
from games.play.moves import submit_move
from games.play.resign_draw import draw
from games.play.store import lock_for_move, lock_queryset, simultaneous_keys
from tests.games.live_support import make_game, use_toy_parity
from tournaments.models import Game

pytestmark = pytest.mark.django_db
FACTS = ("white_user_id", "black_user_id", "round_status", "round_number", "event_slug", "event_time_control")


def read_both(game_id: int, client_id: str = "") -> tuple[Game, Game]:
    with transaction.atomic():
        compiled = lock_for_move(game_id, client_id)
        orm = list(lock_queryset(game_id, client_id, simultaneous_keys()))[0]
    return compiled, orm


def same(compiled: Game, orm: Game, client_id: str) -> None:
    fields = [f.attname for f in Game._meta.concrete_fields]
    extras = [*FACTS, "waiting_any", "last_sealed_ply", "seen_version"] + (["earlier_move_id"] if client_id else [])
    assert {f: getattr(compiled, f) for f in fields} == {f: getattr(orm, f) for f in fields}
    assert {f: getattr(compiled, f) for f in extras} == {f: getattr(orm, f) for f in extras}


@pytest.mark.parametrize("client_id", ["", "mine-1", "nobody-used-this"])
def test_a_chess_game_with_a_waiting_offer_and_a_client_id(client_id):
    game, white, black = make_game(variant="chess", time_control="5m+2")
    submit_move(game.pk, white, "e4", client_id="mine-1")
    draw(game.pk, white, "offer")
    compiled, orm = read_both(game.pk, client_id)
    same(compiled, orm, client_id)
    assert compiled.waiting_any is True and not hasattr(compiled, "waiting")  # read when needed
    assert (compiled.earlier_move_id is not None) == (client_id == "mine-1")


def test_a_fresh_game_has_nothing_waiting_and_nothing_sealed():
    game, _, _ = make_game(variant="chess")
    compiled, orm = read_both(game.pk)
    same(compiled, orm, "")
    assert compiled.waiting == [] and compiled.sealed_pending == {} and compiled.earlier_move_id is None
    assert GameAction.objects.count() == 0


def test_a_parity_turn_with_one_sealed_move(monkeypatch):
    use_toy_parity(monkeypatch)
    game, white, black = make_game(variant="parity")
    submit_move(game.pk, white, "e4")
    compiled, orm = read_both(game.pk)
    same(compiled, orm, "")
    assert compiled.last_sealed_ply == 1 and not hasattr(compiled, "sealed_pending")  # read when needed
    submit_move(game.pk, black, "e5")
    compiled, _ = read_both(game.pk)
    assert compiled.sealed_pending == {}  # the turn resolved


def test_no_such_game():
    with transaction.atomic():
        assert lock_for_move(10**12) is None and list(lock_queryset(10**12)) == []
