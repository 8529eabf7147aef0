"""The task list in the admin: state, runs and the last failure of each task; an organizer sees the tasks they
asked for and no one else's, and nobody edits a task."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from outbox.models import Task

pytestmark = pytest.mark.django_db


def _staff(name: str, **fields):
    return get_user_model().objects.create(username=name, is_staff=True, **fields)


@pytest.fixture
def tasks():
    mine, theirs = _staff("olga"), _staff("oscar")
    refused = Task.objects.create(
        name="tournaments.pair_round", target="spring round 3", requested_by=mine, state=Task.State.REFUSED,
        runs=1, error="round 3 is already published",
    )  # fmt: skip
    other = Task.objects.create(name="tournaments.pair_round", target="autumn round 1", requested_by=theirs)
    system = Task.objects.create(name="games.check_flag", target="game 5 flag", state=Task.State.FAILED, error="boom")
    return {"olga": mine, "oscar": theirs, "refused": refused, "other": other, "system": system}


def test_an_organizer_sees_the_state_and_failure_of_their_own_tasks_only(client, tasks):
    client.force_login(tasks["olga"])
    page = client.get("/admin/outbox/task/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "spring round 3" in text and "round 3 is already published" in text and "refused" in text.lower()
    assert "autumn round 1" not in text and "game 5 flag" not in text
    assert client.get(f"/admin/outbox/task/{tasks['refused'].pk}/change/").status_code == 200
    assert client.get(f"/admin/outbox/task/{tasks['other'].pk}/change/").status_code in (302, 403, 404)


def test_nobody_edits_a_task(client, tasks):
    client.force_login(tasks["olga"])
    before = Task.objects.get(pk=tasks["refused"].pk).state
    response = client.post(f"/admin/outbox/task/{tasks['refused'].pk}/change/", {"state": "succeeded"})
    assert response.status_code == 403
    assert Task.objects.get(pk=tasks["refused"].pk).state == before
    assert client.get("/admin/outbox/task/add/").status_code == 403


def test_a_superuser_sees_every_task(client, tasks):
    client.force_login(_staff("root", is_superuser=True))
    text = client.get("/admin/outbox/task/").content.decode()
    assert all(t in text for t in ("spring round 3", "autumn round 1", "game 5 flag"))


def test_a_player_without_staff_status_sees_no_task_list(client, tasks):
    client.force_login(get_user_model().objects.create(username="pia"))
    assert client.get("/admin/outbox/task/").status_code == 302  # to the admin login
