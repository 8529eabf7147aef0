"""A live move costs the database one locked read and one write: the answer, the pushed state, the waiting offers,
a retry's client_id and Parity Chess's sealed moves add no statement of their own.

The whole request is counted (token checks aside: ``force_authenticate``; savepoints aside: the test's own
transaction makes the move's transaction a savepoint), through an execute wrapper: it sees the prepared statements
of PostgreSQL too (Django's query log would make the move path run unprepared, games.play.prepared). On PostgreSQL
the move's INSERT and the game's UPDATE are one statement; SQLite sends them as two. Run with
DATABASE_URL=postgres://... to count PostgreSQL's.
"""

from __future__ import annotations

import pytest
from django.db import connection
from rest_framework.test import APIClient

from tests.games.live_support import make_game, use_toy_parity

pytestmark = pytest.mark.django_db


def write_statements() -> int:
    return 1 if connection.vendor == "postgresql" else 2


def statements(user, game, body: dict) -> tuple[int, list[str]]:
    """The answer's status and the SQL one move request sent (savepoints left out)."""
    client = APIClient()
    client.force_authenticate(user)
    sent: list[str] = []

    def count(execute, sql, params, many, context):
        sent.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        response = client.post(f"/api/games/{game.pk}/moves/", body, format="json")
    sql = [q for q in sent if not q.startswith(("SAVEPOINT", "RELEASE SAVEPOINT"))]
    return response.status_code, sql


def test_a_move_is_the_locked_read_and_the_write():
    game, white, black = make_game(variant="chess")
    statements(white, game, {"move": "e4"})  # the first move: the players' names are read once per process
    status, sql = statements(black, game, {"move": "e5", "client_id": "m-2"})
    assert status == 200
    assert len(sql) == 1 + write_statements(), sql
    assert "FOR UPDATE" in sql[0] or connection.vendor != "postgresql"


def test_a_retried_move_reads_the_earlier_move_and_writes_nothing():
    game, white, _ = make_game(variant="chess")
    statements(white, game, {"move": "e4", "client_id": "m-1"})
    status, sql = statements(white, game, {"move": "e4", "client_id": "m-1"})
    assert status == 200 and len(sql) == 2, sql  # the lock, and the earlier move it found


def test_a_waiting_draw_offer_is_read_only_because_it_waits():
    game, white, black = make_game(variant="chess")
    statements(white, game, {"move": "e4"})
    client = APIClient()
    client.force_authenticate(white)
    assert client.post(f"/api/games/{game.pk}/draw/", {"action": "offer"}, format="json").status_code == 200
    status, sql = statements(black, game, {"move": "e5"})
    assert status == 200
    # the lock, the waiting offer, the offer lapsing (the opponent moved), the write
    assert len(sql) == 3 + write_statements(), sql


def test_parity_seals_read_the_turn_only_when_a_move_of_it_is_sealed(monkeypatch):
    use_toy_parity(monkeypatch)
    game, white, black = make_game(variant="parity")
    statements(white, game, {"move": "e4"})
    statements(black, game, {"move": "e5"})  # turn 1 resolved; names read
    status, first = statements(white, game, {"move": "Nf3"})  # nothing sealed in turn 2 yet
    assert status == 200 and len(first) == 1 + write_statements(), first
    status, second = statements(black, game, {"move": "Nc6"})  # White's seal is read, then the turn resolves
    assert status == 200 and len(second) == 2 + write_statements(), second
