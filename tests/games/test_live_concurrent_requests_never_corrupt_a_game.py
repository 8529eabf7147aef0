"""Simultaneous requests on one game, each thread on its own PostgreSQL connection (row locks are real there).

Run with DATABASE_URL=postgres://postgres@127.0.0.1:5432/scratch_live; skipped on SQLite, where writers lock the
whole database and select_for_update does nothing.
"""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection, connections
from django.utils import timezone

from games.models import Move
from games.play.flags import check_flag
from games.play.moves import submit_move
from record.refusals import CONFLICT, Refusal
from tests.games.live_support import make_game, use_toy_parity
from tournaments.models import Game

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("row-lock concurrency needs PostgreSQL (set DATABASE_URL)")


def race(*calls):
    """Run the calls at the same instant, one thread (and one database connection) each; return their results."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait()
            results[index] = call()
        except Exception as exc:  # the outcome (a refusal) is what the test inspects
            results[index] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return results


def test_both_parity_players_committing_at_once_resolve_the_turn_exactly_once(monkeypatch):
    use_toy_parity(monkeypatch)
    game, white, black = make_game(variant="parity")
    turns = [("e4", "e5"), ("Nf3", "Nc6"), ("Bc4", "Bc5"), ("d3", "d6")]
    for white_move, black_move in turns:
        results = race(lambda m=white_move: submit_move(game.pk, white, m), lambda m=black_move: submit_move(game.pk, black, m))
        assert not [r for r in results if isinstance(r, Exception)], results
    game = Game.objects.get(pk=game.pk)
    assert game.moves == [f"{w} {b}" for w, b in turns]
    assert game.version == 2 * len(turns)
    assert Move.objects.filter(game=game).count() == 2 * len(turns)
    assert sorted(game.clock["running"]) == ["black", "white"]


def test_a_retried_move_sent_four_times_at_once_is_applied_once():
    game, white, _ = make_game()
    results = race(*[lambda: submit_move(game.pk, white, "e4", client_id="retry-1")] * 4)
    assert all(r.move == "e4" for r in results), results
    assert sum(not r.duplicate for r in results) == 1
    game = Game.objects.get(pk=game.pk)
    assert game.moves == ["e4"] and game.version == 1 and Move.objects.filter(game=game).count() == 1


def test_two_different_moves_at_once_apply_one_and_refuse_the_other():
    game, white, _ = make_game()
    results = race(lambda: submit_move(game.pk, white, "e4"), lambda: submit_move(game.pk, white, "d4"))
    refused = [r for r in results if isinstance(r, Refusal)]
    assert len(refused) == 1 and refused[0].field == "turn"
    game = Game.objects.get(pk=game.pk)
    assert len(game.moves) == 1 and game.version == 1


def test_a_move_racing_the_flag_check_before_the_deadline_is_applied_and_the_game_goes_on():
    game, white, black = make_game(time_control="1m")
    submit_move(game.pk, white, "e4")
    results = race(lambda: submit_move(game.pk, black, "e5"), lambda: check_flag(game.pk))
    assert results[1] is False and results[0].move == "e5"
    game = Game.objects.get(pk=game.pk)
    assert game.moves == ["e4", "e5"] and game.status == "live" and game.version == 2


def test_a_move_racing_the_flag_check_after_the_deadline_loses_and_the_game_ends_once():
    game, white, black = make_game(time_control="1m")
    submit_move(game.pk, white, "e4", now=timezone.now() - timedelta(seconds=61))
    results = race(lambda: submit_move(game.pk, black, "e5"), lambda: check_flag(game.pk))
    assert isinstance(results[0], Refusal) and results[0].kind == CONFLICT
    game = Game.objects.get(pk=game.pk)
    assert game.moves == ["e4"] and game.status == "finished"
    assert game.result == "1-0" and game.termination == "time-forfeit" and game.result_status == "final"
    assert game.version == 2  # the first move, then exactly one finish
