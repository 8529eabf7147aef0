from __future__ import annotations

import pytest
from django.core.management import call_command

from tournaments.models import Event, Player, Registration


@pytest.mark.django_db
def test_demo_twice_gives_the_same_state():
    call_command("demo", "--password", "pw-demo-123")
    first = (Event.objects.count(), Player.objects.count(), Registration.objects.count())
    call_command("demo", "--password", "pw-demo-123")
    assert (Event.objects.count(), Player.objects.count(), Registration.objects.count()) == first
    assert first[1] == 12


@pytest.mark.django_db
def test_demo_accounts_log_in(client):
    call_command("demo", "--password", "pw-demo-123")
    assert client.login(username="demo1", password="pw-demo-123")
    assert client.login(username="organizer", password="pw-demo-123")
