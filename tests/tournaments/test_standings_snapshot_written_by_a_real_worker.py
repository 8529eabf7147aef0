"""A result recorded in a committed transaction is published by a real Celery worker (CI: .ci/run)."""

from __future__ import annotations

import time

import pytest

from tests.scoring import db
from tournaments.models import StandingsSnapshot
from tournaments.services.results import record_result


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_writes_the_snapshot_after_a_result():
    from django.conf import settings

    assert settings.CELERY_BROKER_URL, "worker tests need CELERY_BROKER_URL"
    ev = db.event(scoring="dynamic", variant_key="chess")
    anna, bert = db.player("Anna Berger", ev=ev), db.player("Bert Kowalski", ev=ev)
    game = db.game(ev, anna, bert)
    record_result(game, result="0-1", termination="checkmate")  # commits; on_commit queues the task

    deadline = time.monotonic() + 20
    snapshot = None
    while time.monotonic() < deadline:
        snapshot = StandingsSnapshot.objects.filter(event=ev).first()
        if snapshot and snapshot.data.get("rows"):
            break
        time.sleep(0.25)
    assert snapshot is not None, "no snapshot written within 20 s"
    top = snapshot.data["rows"][0]
    assert (top["name"], top["points"]) == ("Bert Kowalski", 100.0)
