"""Imported players get a login: the import takes ``email`` and ``username``; an invitation mails a one-time link
under /accounts/invite/ (valid 7 days) to choose username and password and land on /games/mine/; a player whose
e-mail has an account is linked to it; an organizer makes or resets a login for players of their own events only."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from tests.tournaments.organizer_api_support import client_for, create_event, organizer
from tournaments.models import Player, Registration
from tournaments.services.logins import set_login

pytestmark = pytest.mark.django_db(transaction=True)
ROWS = [
    {"name": "Anna Berger", "rating": 2150, "email": "anna@example.org", "username": "anna"},
    {"name": "Ben Carter", "rating": 2090, "email": "ben@example.org"},
    {"name": "Chloé Dubois", "rating": 2045},
]


@pytest.fixture
def director():
    return organizer()


@pytest.fixture
def api(director):
    return client_for(director)


def _event(api, rows=ROWS) -> str:
    slug = create_event(api)["slug"]
    response = api.post(f"/api/events/{slug}/players/", rows, format="json")
    assert response.status_code == 201, response.content
    return slug


def _link(message) -> str:
    return re.search(r"http://testserver(/accounts/invite/\S+/)", message.body).group(1)


def test_the_import_keeps_email_and_username(api):
    slug = _event(api)
    anna = Player.objects.get(name="Anna Berger")
    assert (anna.email, anna.username) == ("anna@example.org", "anna")
    csv = "name,email,username\nDora Engel,dora@Example.ORG,dora\n"
    response = api.post(f"/api/events/{slug}/players/", csv, content_type="text/csv")
    assert response.status_code == 201 and response.json()["players"][0]["email"] == "dora@example.org"


@pytest.mark.parametrize(
    ("rows", "field"),
    [([{"name": "X", "email": "not-an-address"}], "email"), ([{"name": "X", "username": "no spaces"}], "username"),
     ([{"name": "X", "email": "x@example.org"}, {"name": "Y", "email": "X@example.org"}], "email")],
)  # fmt: skip
def test_bad_login_columns_are_refused_by_row_and_field(api, rows, field):
    slug = create_event(api)["slug"]
    response = api.post(f"/api/events/{slug}/players/", rows, format="json")
    assert response.status_code == 400
    assert field in {e["field"] for e in response.json()["errors"]}
    assert not Registration.objects.exists()


def test_a_username_taken_by_someone_else_is_refused(api):
    get_user_model().objects.create(username="anna", email="other@example.org")
    slug = create_event(api)["slug"]
    response = api.post(f"/api/events/{slug}/players/", ROWS[:1], format="json")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "username"


def test_invited_players_choose_a_login_and_land_on_their_games(api, settings):
    settings.SITE_URL = "http://testserver"
    slug = _event(api)
    response = api.post(f"/api/events/{slug}/invitations/", {}, format="json")
    assert response.status_code == 200, response.content
    chloe = Player.objects.get(name="Chloé Dubois")
    assert response.json() == {"sent": 2, "skipped": [{"player": chloe.pk, "reason": "no e-mail address"}]}
    assert sorted(m.to[0] for m in mail.outbox) == ["anna@example.org", "ben@example.org"]
    anna_mail = next(m for m in mail.outbox if m.to == ["anna@example.org"])
    assert anna_mail.alternatives[0][1] == "text/html" and _link(anna_mail) in anna_mail.alternatives[0][0]
    browser = Client()
    form = browser.get(_link(anna_mail), follow=True)
    assert form.status_code == 200 and b'value="anna"' in form.content  # the suggested username
    bad = browser.post(form.redirect_chain[-1][0], {"username": "anna b", "new_password1": "x", "new_password2": "y"})
    assert bad.status_code == 200 and b'value="anna b"' in bad.content  # the form keeps what was typed
    done = browser.post(form.redirect_chain[-1][0], {"username": "anna.b", "new_password1": "queen-side-77",
                                                     "new_password2": "queen-side-77"})  # fmt: skip
    assert done.status_code == 302 and done["Location"] == "/games/mine/"
    assert browser.get("/games/mine/").status_code == 200
    user = Player.objects.get(name="Anna Berger").user
    assert user.username == "anna.b" and user.check_password("queen-side-77") and user.email == "anna@example.org"
    assert Client().get(_link(anna_mail)).status_code == 400  # spent
    again = api.post(f"/api/events/{slug}/invitations/", {}, format="json").json()
    assert again["sent"] == 1  # Ben has not taken his up yet: he is invited again
    assert {"player": user.player.pk, "reason": "has a login already"} in again["skipped"]


def test_the_link_holds_seven_days(api, monkeypatch):
    slug = _event(api, ROWS[:1])
    api.post(f"/api/events/{slug}/invitations/", {}, format="json")
    link = re.search(r"(/accounts/invite/\S+/)", mail.outbox[0].body).group(1)

    def at(days: float):
        moment = datetime.now() + timedelta(days=days)
        clock = type("Clock", (datetime,), {"now": classmethod(lambda cls: moment)})
        monkeypatch.setattr("django.contrib.auth.tokens.datetime", clock)

    at(6.9)
    assert Client().get(link).status_code == 302  # to the form
    at(7.1)
    assert Client().get(link).status_code == 400


def test_a_player_whose_email_has_an_account_is_linked_to_it(api):
    existing = get_user_model().objects.create_user("annab", "ANNA@example.org", "her-own-pass-1")
    slug = _event(api, ROWS[:1])
    assert api.post(f"/api/events/{slug}/invitations/", {}, format="json").json() == {"sent": 1, "skipped": []}
    assert Player.objects.get(name="Anna Berger").user == existing
    assert "annab" in mail.outbox[0].body and "/accounts/login/" in mail.outbox[0].body


def test_only_the_organizer_invites(api, director):
    slug = _event(api)
    other = client_for(organizer("someone-else"))
    assert other.post(f"/api/events/{slug}/invitations/", {}, format="json").status_code == 403
    from rest_framework.test import APIClient

    assert APIClient().post(f"/api/events/{slug}/invitations/", {}, format="json").status_code == 401
    bad = api.post(f"/api/events/{slug}/invitations/", {"players": [999999]}, format="json")
    assert bad.status_code == 400 and bad.json()["errors"][0]["field"] == "players"
    assert api.post(f"/api/events/{slug}/invitations/", {"everyone": True}, format="json").status_code == 400
    assert mail.outbox == []


def test_an_organizer_sets_a_login_for_players_of_their_own_events_only(api, director):
    slug = _event(api)
    chloe = Player.objects.get(name="Chloé Dubois")
    from tournaments.models import Event

    event = Event.objects.get(slug=slug)
    user = set_login(event, chloe, username="chloe", password="rook-and-pawn-3", by=director)
    assert Player.objects.get(pk=chloe.pk).user == user and user.check_password("rook-and-pawn-3")
    user = set_login(event, chloe, username="chloe", password="bishop-pair-44", by=director)  # a reset
    assert user.check_password("bishop-pair-44")
    stranger = organizer("stranger")
    with pytest.raises(Exception, match="only the organizer"):
        set_login(event, chloe, username="chloe", password="hijack-9999-x", by=stranger)
    elsewhere = Event.objects.get(slug=create_event(client_for(stranger), name="Other Cup")["slug"])
    with pytest.raises(Exception, match="does not play"):
        set_login(elsewhere, chloe, username="chloe2", password="hijack-9999-x", by=stranger)
    assert get_user_model().objects.get(username="chloe").check_password("bishop-pair-44")


def test_the_logins_page_invites_and_sets_logins_for_the_organizer_only(api, director):
    slug = _event(api)
    from tournaments.models import Event

    event = Event.objects.get(slug=slug)
    admin = Client()
    admin.force_login(director)
    url = f"/admin/tournaments/event/{event.pk}/logins/"
    assert b"Invite players" in admin.get(url).content
    assert admin.post(url, {"op": "invite"}).status_code == 302 and len(mail.outbox) == 2
    chloe = Player.objects.get(name="Chloé Dubois")
    kept = admin.post(url, {"op": "login", "login-player": chloe.pk, "login-username": "chloe", "login-password": "123"})
    assert kept.status_code == 200 and b'value="chloe"' in kept.content and Player.objects.get(pk=chloe.pk).user is None
    ok = admin.post(url, {"op": "login", "login-player": chloe.pk, "login-username": "chloe", "login-password": "castle-long-55"})
    assert ok.status_code == 302 and Player.objects.get(pk=chloe.pk).user.username == "chloe"
    stranger = organizer("stranger")
    other = Client()
    other.force_login(stranger)
    assert other.get(url).status_code in (302, 403, 404)
