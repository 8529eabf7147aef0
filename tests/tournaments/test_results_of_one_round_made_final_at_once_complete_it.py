"""Two results of one round made final at the same moment (two live games ending together, as four bots found) complete
the round: each transaction holds its own game's row, and without a lock on the round each would see the other's
game unfinished and neither mark the round complete. PostgreSQL only (SQLite writers lock the whole database)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections

import tournaments.services.results as results
from tests.tournaments.helpers import make_event
from tournaments.models import Event, Round
from tournaments.services import pair_round, publish_round
from tournaments.services.results import record_result

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("concurrent transactions need PostgreSQL (set DATABASE_URL)")


def test_two_results_written_together_complete_the_round(monkeypatch):
    event, organizer, _ = make_event(4, slug="together", rounds=1, status=Event.Status.RUNNING)
    rnd = publish_round(pair_round(event, 1, by=organizer), by=organizer)
    games = list(rnd.games.order_by("board"))
    assert len(games) == 2
    both_written = threading.Barrier(2, timeout=10)
    logged = results._log_result

    def log_then_wait(game, by, before):  # both games are written (uncommitted) before either checks the round
        logged(game, by, before)
        both_written.wait()

    monkeypatch.setattr(results, "_log_result", log_then_wait)
    errors = []

    def finish(game) -> None:
        try:
            record_result(game, result="1-0", termination="resignation", by=organizer)
        except Exception as exc:  # reported by the assertion below
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=finish, args=(game,)) for game in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert not errors
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.COMPLETE
