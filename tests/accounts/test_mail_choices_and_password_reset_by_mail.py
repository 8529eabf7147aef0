"""/accounts/notifications/ turns off the mails that are not essential; /accounts/password_reset/ mails a link
(through the outbox, plain text and HTML) that sets a new password once."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail

from accounts import notifications

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def anna():
    return User.objects.create_user("anna", "anna@example.org", "old-secret-123")


def test_the_page_needs_a_login(client):
    response = client.get("/accounts/notifications/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_a_player_turns_off_round_mails_and_keeps_the_essential_ones(client, anna):
    client.force_login(anna)
    page = client.get("/accounts/notifications/").content.decode()
    assert page.count('type="checkbox"') == len(notifications.OPTIONAL) and page.count(" checked") == len(notifications.OPTIONAL)
    kept = [k for k in notifications.OPTIONAL if k != notifications.ROUND_PUBLISHED]
    response = client.post("/accounts/notifications/", {"kinds": kept})
    assert response.status_code == 302
    assert not notifications.wants(anna, notifications.ROUND_PUBLISHED)
    assert notifications.wants(anna, notifications.RESULT_REPORTED)
    assert notifications.wants(anna, notifications.INVITATION)  # essential: never off
    assert notifications.wants(None, notifications.ROUND_PUBLISHED)  # a player with no login made no choice
    page = client.get(response["Location"]).content.decode()
    assert "Saved." in page and page.count(" checked") == len(kept)


def test_an_essential_kind_cannot_be_muted(anna):
    with pytest.raises(ValueError, match="invitation"):
        notifications.set_muted(anna, ["invitation"])


def test_password_reset_mails_a_link_that_works_once(client, anna):
    response = client.post("/accounts/password_reset/", {"email": "anna@example.org"})
    assert response.status_code == 302 and response["Location"] == "/accounts/password_reset/done/"
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.alternatives and message.alternatives[0][1] == "text/html"
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", message.body).group(1)
    form = client.get(link, follow=True)
    assert form.status_code == 200 and b"new_password1" in form.content
    done = client.post(form.redirect_chain[-1][0], {"new_password1": "new-secret-456", "new_password2": "new-secret-456"})
    assert done.status_code == 302
    anna.refresh_from_db()
    assert anna.check_password("new-secret-456")
    again = client.get(link)
    assert b"not valid" in again.content


def test_an_unknown_address_is_told_the_same_and_gets_no_mail(client, anna):
    response = client.post("/accounts/password_reset/", {"email": "nobody@example.org"})
    assert response.status_code == 302 and mail.outbox == []


def test_a_bad_address_keeps_what_was_typed(client):
    response = client.post("/accounts/password_reset/", {"email": "not-an-address"})
    assert response.status_code == 200 and b'value="not-an-address"' in response.content


def test_the_page_shows_the_calendar_address_and_makes_a_new_one(client, anna):
    client.force_login(anna)
    key = notifications.profile_of(anna).calendar_key
    assert f"/calendar/{key}.ics" in client.get("/accounts/notifications/").content.decode()
    response = client.post("/accounts/notifications/", {"op": "new-calendar"}, follow=True)
    assert "the old one no longer works" in response.content.decode()
    assert notifications.profile_of(anna).calendar_key != key
    assert client.get(f"/calendar/{key}.ics").status_code == 404
