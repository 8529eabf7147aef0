"""Two people registering at the same moment for the last place: one gets it, the other waits on the list (the
event's row is locked while a registration takes its place). PostgreSQL only (DATABASE_URL=postgres://...):
SQLite writers lock the whole database anyway."""

from __future__ import annotations

import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, connections

from accounts.notifications import profile_of
from tests.tournaments.way_in_support import event_with_logins
from tournaments.models import Registration, SignUp
from tournaments.services.self_registration import sign_up

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("concurrent registrations need PostgreSQL (set DATABASE_URL)")


def test_two_registrations_for_the_last_place_one_waits():
    event, director, _ = event_with_logins(3)
    director.patch(f"/api/events/{event.slug}/", {"registration": "open", "max_players": 4}, format="json")
    event.refresh_from_db()
    people = []
    for name in ("ada", "bo"):
        user = get_user_model().objects.create(username=name, email=f"{name}@example.org")
        profile = profile_of(user)
        profile.confirmed_email = user.email
        profile.save()
        people.append(user)
    start, errors = threading.Barrier(2), []

    def register(user) -> None:
        try:
            start.wait()
            sign_up(event, user, name=user.username.title())
        except Exception as exc:
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=register, args=(user,)) for user in people]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert errors == []
    assert sorted(SignUp.objects.values_list("status", flat=True)) == ["active", "waiting"]
    assert Registration.objects.filter(event=event, status="active").count() == 4
