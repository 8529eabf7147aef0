"""A real worker killed (SIGKILL) in the middle of pairing and publishing a round: nothing of the round is left
half-written, and once a worker runs again the redelivered task publishes the round once and whole within two
minutes, and no other round is paired.

To stop the worker at a known point, mid-publish, a trigger of the test's own makes the audit entry "Round 2
published" wait for an advisory lock the test holds: by then the round is paired, its boards and byes written and
its "paired" entry made. The test kills the worker while PostgreSQL shows it waiting there, and drops the trigger.
"""

from __future__ import annotations

import time

import psycopg
import pytest
from django.db import connection

from outbox.models import Task
from tests.config.served import kill_hard
from tests.faults.stack import Stack, database_url, wait_until
from tests.tournaments.helpers import make_event, play_round
from tournaments.models import Bye, Game, PairingChange, Round
from tournaments.services import pair_round, publish_round
from tournaments.tasks.pairing import pair_and_publish_round

AUDIT = PairingChange._meta.db_table
HOLD = 170_017  # the advisory lock the trigger waits for
TRIGGER = f"""
CREATE FUNCTION faults_hold_publish() RETURNS trigger AS $$
BEGIN
    IF NEW.description = 'Round 2 published' THEN PERFORM pg_advisory_xact_lock({HOLD}); END IF;
    RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER faults_hold_publish BEFORE INSERT ON {AUDIT} FOR EACH ROW EXECUTE FUNCTION faults_hold_publish();
"""
DROP = f"DROP TRIGGER IF EXISTS faults_hold_publish ON {AUDIT}; DROP FUNCTION IF EXISTS faults_hold_publish();"


def _sql(statement: str, params=()) -> list:
    with connection.cursor() as cursor:
        cursor.execute(statement, params)
        return cursor.fetchall() if cursor.description else []


def _waiting_to_publish() -> list[int]:
    """Backends waiting at the "published" entry (the worker's, once it got there)."""
    return [pid for (pid,) in _sql("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objid = %s AND NOT granted", [HOLD])]


def _round_two(event) -> dict:
    rnd = Round.objects.filter(event=event, number=2).first()
    return {
        "status": rnd.status if rnd else None,
        "boards": Game.objects.filter(round__event=event, round__number=2).count(),
        "byes": Bye.objects.filter(round__event=event, round__number=2).count(),
        "paired": PairingChange.objects.filter(event=event, description="Round 2 paired").count(),
        "published": PairingChange.objects.filter(event=event, description="Round 2 published").count(),
    }


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_publish_leaves_nothing_and_the_redelivered_task_publishes_once(tmp_path):
    stack = Stack(tmp_path)
    event, organizer, _ = make_event(9, slug="killed")  # nine players: four boards and a bye
    play_round(publish_round(pair_round(event, 1, by=organizer)), by=organizer)
    # Recorded as the app records it; the private worker's beat sends it (the test process's broker is not theirs).
    task = Task.objects.create(
        name=pair_and_publish_round.name, args=[event.pk, 2, True, organizer.pk], target="killed round 2", requested_by=organizer
    )
    with stack.redis():
        locker = psycopg.connect(database_url(), autocommit=True)
        _sql(TRIGGER)
        try:
            locker.execute("SELECT pg_advisory_lock(%s)", [HOLD])
            with stack.worker("first") as first:
                waiting = wait_until(_waiting_to_publish, 90, "the worker reaching the publication\n" + stack.logs())
                kill_hard(first)
            killed = time.monotonic()
            # The dead worker's backend would roll back at its next read of the closed socket; end it now.
            _sql("SELECT pg_terminate_backend(pid) FROM unnest(%s::int[]) AS pid", [waiting])
        finally:
            locker.close()  # releases the advisory lock
            _sql(DROP)
        assert _round_two(event) == {"status": None, "boards": 0, "byes": 0, "paired": 0, "published": 0}
        assert Task.objects.get(pk=task.pk).state == Task.State.STARTED

        with stack.worker("second"):
            published = lambda: _round_two(event)["status"] == Round.Status.PUBLISHED  # noqa: E731
            wait_until(published, 120, "round 2 published\n" + stack.logs(), 1)
            took = time.monotonic() - killed
            time.sleep(3)  # a duplicate run would show now
    assert took < 120
    assert _round_two(event) == {"status": Round.Status.PUBLISHED, "boards": 4, "byes": 1, "paired": 1, "published": 1}
    assert not Round.objects.filter(event=event, number__gt=2).exists()
    task.refresh_from_db()
    assert (task.state, task.runs) == (Task.State.SUCCEEDED, 2)  # the admin shows it ran twice and ended well
