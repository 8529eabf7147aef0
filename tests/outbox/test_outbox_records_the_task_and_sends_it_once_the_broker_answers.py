"""The outbox: a task is a row first, sent after the commit; with the broker down it waits (the reason on its
row) and the periodic sender sends it, once, when the broker is back; a key joins a burst into one task."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from outbox.models import Task
from outbox.sender import HORIZON, enqueue, send_due

pytestmark = pytest.mark.django_db

W, S = Task.State.WAITING, Task.State.SENT


def test_a_task_is_sent_after_the_commit_of_the_write_that_recorded_it(broker, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True) as hooks, transaction.atomic():
        task = enqueue("tournaments.publish_standings", [7], target="standings of event 7")
        assert broker.sent == []  # nothing leaves before the commit
    assert len(hooks) == 1
    task.refresh_from_db()
    assert (task.state, task.send_attempts, task.error) == (S, 1, "")
    assert broker.sent == [{"name": "tournaments.publish_standings", "args": [7], "task_id": str(task.task_id), "eta": None}]


def test_a_rolled_back_write_leaves_no_task(broker, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(RuntimeError), transaction.atomic():
        enqueue("tournaments.publish_standings", [7])
        raise RuntimeError("the write failed")
    assert not Task.objects.exists() and broker.sent == []


def test_with_the_broker_down_the_task_waits_and_is_sent_once_when_it_is_back(broker, django_capture_on_commit_callbacks):
    broker.up = False
    with django_capture_on_commit_callbacks(execute=True):
        task = enqueue("games.check_flag", [3, "x"], key="flag:3")
    task.refresh_from_db()
    assert task.state == W and "not sent (attempt 1): OperationalError" in task.error
    assert send_due() == 0  # still down: nothing sent, the attempt is on the row
    assert Task.objects.get().send_attempts == 2
    broker.up = True
    assert send_due() == 1
    assert send_due() == 0  # sent once
    assert broker.names() == ["games.check_flag"]
    task.refresh_from_db()
    assert (task.state, task.error) == (S, "") and task.sent_at is not None


def test_a_burst_with_one_key_is_one_task(broker, django_capture_on_commit_callbacks):
    broker.up = False
    due = timezone.now() + timedelta(seconds=2)
    with django_capture_on_commit_callbacks(execute=True):
        first = enqueue("tournaments.publish_standings", [5], key="standings:5", due=due)
        again = enqueue("tournaments.publish_standings", [5], key="standings:5", due=due + timedelta(seconds=1))
        other = enqueue("tournaments.publish_standings", [6], key="standings:6", due=due)
    assert first.pk == again.pk != other.pk
    broker.up = True
    assert send_due() == 2
    assert sorted(s["args"][0] for s in broker.sent) == [5, 6]


def test_a_task_not_yet_due_covers_a_later_request_and_one_due_earlier_moves_forward(broker, django_capture_on_commit_callbacks):
    soon = timezone.now() + timedelta(seconds=5)
    with django_capture_on_commit_callbacks(execute=True):
        first = enqueue("tournaments.publish_standings", [5], key="standings:5", due=soon)
        joined = enqueue("tournaments.publish_standings", [5], key="standings:5", due=soon + timedelta(seconds=1))
    assert joined.pk == first.pk and len(broker.sent) == 1  # it has not run: it will read this write too
    broker.up = False
    late = timezone.now() + timedelta(minutes=5)
    with django_capture_on_commit_callbacks(execute=True):
        waiting = enqueue("games.check_flag", [9, "a"], key="flag:9", due=late)
        earlier = enqueue("games.check_flag", [9, "b"], key="flag:9", due=late - timedelta(minutes=4))
    assert earlier.pk == waiting.pk
    assert Task.objects.get(pk=waiting.pk).due == late - timedelta(minutes=4)


def test_a_task_due_later_waits_in_the_table_and_is_sent_shortly_before_with_its_eta(broker, django_capture_on_commit_callbacks):
    due = timezone.now() + HORIZON + timedelta(minutes=10)
    with django_capture_on_commit_callbacks(execute=True):
        task = enqueue("games.check_flag", [4, "x"], key="flag:4", due=due)
    assert broker.sent == [] and Task.objects.get().state == W  # not in the broker: it would be redelivered
    assert send_due() == 0
    Task.objects.filter(pk=task.pk).update(due=timezone.now() + timedelta(seconds=10))  # time passes
    assert send_due() == 1
    assert broker.sent[0]["eta"] is not None  # sent with its due time: the worker runs it then


def test_a_task_claimed_by_another_sender_is_not_sent_twice(broker, django_capture_on_commit_callbacks):
    broker.up = False
    with django_capture_on_commit_callbacks(execute=True):
        task = enqueue("tournaments.publish_standings", [1])
    broker.up = True
    Task.objects.filter(pk=task.pk).update(claimed_until=timezone.now() + timedelta(seconds=20))
    assert send_due() == 0
    Task.objects.filter(pk=task.pk).update(claimed_until=timezone.now() - timedelta(seconds=1))  # that sender died
    assert send_due() == 1


def test_finished_tasks_are_forgotten_after_two_weeks(broker):
    old = timezone.now() - timedelta(days=15)
    Task.objects.create(name="x", state=Task.State.SUCCEEDED, finished_at=old)
    kept = Task.objects.create(name="y", state=Task.State.FAILED, finished_at=timezone.now() - timedelta(days=1))
    send_due()
    assert list(Task.objects.values_list("pk", flat=True)) == [kept.pk]
