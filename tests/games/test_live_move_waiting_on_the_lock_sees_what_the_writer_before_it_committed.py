"""A move that waits for the game's row lock sees everything the transaction before it committed.

The move's one locked read also reads the waiting offers and the earlier move of a retry. When the lock had to
wait, PostgreSQL hands back the row as the other writer left it, but the rest of the statement was read before
that writer committed; the store notices (the version changed meanwhile) and reads once more. Here a draw offer
commits while the opponent's move waits: the move must answer it (a move declines an offer, FIDE 9.1.2).

PostgreSQL only (DATABASE_URL=postgres://...): SQLite writers lock the whole database before they read.
"""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, connections, transaction

from games.models import GameAction
from games.play.moves import submit_move
from games.play.resign_draw import draw
from tests.games.live_support import make_game
from tournaments.models import Game

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("row-lock waits need PostgreSQL (set DATABASE_URL)")


def test_an_offer_committed_while_the_move_waited_is_declined_by_that_move():
    game, white, black = make_game(variant="chess")
    submit_move(game.pk, white, "e4")
    submit_move(game.pk, black, "e5")
    offered, outcome = threading.Event(), {}

    def offer_and_hold_the_lock() -> None:
        try:
            with transaction.atomic():
                draw(game.pk, black, "offer")
                offered.set()
                time.sleep(0.5)  # the move below is now waiting for this transaction's row lock
        finally:
            connections.close_all()

    def move() -> None:
        try:
            offered.wait(10)
            outcome["answer"] = submit_move(game.pk, white, "Nf3")
        finally:
            connections.close_all()

    threads = [threading.Thread(target=offer_and_hold_the_lock), threading.Thread(target=move)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert outcome["answer"].move == "Nf3"
    offer = GameAction.objects.get(game_id=game.pk, kind=GameAction.Kind.DRAW_OFFER)
    assert offer.status == GameAction.Status.LAPSED
    game = Game.objects.get(pk=game.pk)
    assert game.moves == ["e4", "e5", "Nf3"] and game.version == 4  # three moves and the offer
