from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
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


@pytest.mark.django_db
def test_the_demo_keeps_its_password_until_told_another_and_leaves_the_organizers_own_alone(settings, tmp_path):
    settings.DEMO_PASSWORD_FILE = str(tmp_path / "demo-password")
    User = get_user_model()
    first, second = StringIO(), StringIO()
    call_command("demo", stdout=first)
    printed = first.getvalue().split("organizer / ")[1].split()[0]
    call_command("demo", stdout=second)  # what each `make run` does
    assert f"organizer / {printed} " in second.getvalue()
    assert User.objects.get(username="organizer").check_password(printed)
    assert User.objects.get(username="demo3").check_password(printed)

    call_command("demo", "--password", "a-new-one-42", stdout=StringIO())
    assert User.objects.get(username="demo3").check_password("a-new-one-42")
    assert (tmp_path / "demo-password").stat().st_mode & 0o077 == 0  # the owner's only

    organizer = User.objects.get(username="organizer")
    organizer.set_password("chosen-by-the-director")  # as the admin's password form does
    organizer.save()
    third = StringIO()
    call_command("demo", stdout=third)
    organizer.refresh_from_db()
    assert organizer.check_password("chosen-by-the-director")
    assert User.objects.get(username="demo3").check_password("a-new-one-42")
    assert "a-new-one-42" not in third.getvalue() and "with the password you gave it" in third.getvalue()
