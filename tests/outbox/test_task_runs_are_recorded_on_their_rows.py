"""What a worker did with an outbox task is kept on its row: started (and how many times), done, refused with the
task's reason, failed with the error, retrying; tasks that did not come through the outbox are left alone."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from outbox import runs
from outbox.models import Task

pytestmark = pytest.mark.django_db


def _task(eager: bool = False):
    return SimpleNamespace(request=SimpleNamespace(is_eager=eager, hostname="celery@box", id=None))


def _row(**fields) -> Task:
    return Task.objects.create(name="tournaments.pair_round", state=Task.State.SENT, **fields)


def test_a_redelivered_task_counts_each_start_and_ends_done():
    row = _row()
    for _ in range(2):
        runs.on_started(task_id=str(row.task_id), task=_task())
    row.refresh_from_db()
    assert (row.state, row.runs, row.worker) == (Task.State.STARTED, 2, "celery@box")
    runs.on_finished(task_id=str(row.task_id), task=_task(), retval={"ok": True, "round": 2}, state="SUCCESS")
    row.refresh_from_db()
    assert (row.state, row.result, row.error) == (Task.State.SUCCEEDED, {"ok": True, "round": 2}, "")
    assert row.finished_at is not None


def test_a_refusal_shows_the_tasks_reason():
    row = _row()
    refusal = {"ok": False, "error": "round 2 is already published"}
    runs.on_finished(task_id=str(row.task_id), task=_task(), retval=refusal, state="SUCCESS")
    row.refresh_from_db()
    assert (row.state, row.error) == (Task.State.REFUSED, "round 2 is already published")


def test_a_failure_and_a_retry_show_the_error():
    row = _row()
    runs.on_retry(request=SimpleNamespace(id=str(row.task_id), is_eager=False), reason="database restarting")
    assert Task.objects.get(pk=row.pk).state == Task.State.RETRYING
    runs.on_failure(sender=_task(), task_id=str(row.task_id), exception=ValueError("no pairing possible"))
    row.refresh_from_db()
    assert row.state == Task.State.FAILED and row.error.startswith("ValueError: no pairing possible")


def test_eager_runs_and_tasks_without_a_row_are_left_alone():
    row = _row()
    runs.on_started(task_id=str(row.task_id), task=_task(eager=True))
    runs.on_started(task_id="6f1c1c1e-0000-4000-8000-000000000000", task=_task())
    row.refresh_from_db()
    assert (row.state, row.runs) == (Task.State.SENT, 0)
