"""Self-registration (issue 23): an event's ``registration`` is closed, open or approval; the e-mail is confirmed by
a link before a registration counts; past ``max_players`` registrations wait in order and move up when someone
withdraws; registration closes at ``registration_closes_at`` and when round 1 is paired."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.notifications import profile_of
from tests.games.report_api_support import client_for
from tests.tournaments.organizer_api_support import create_event, organizer
from tournaments.models import Event, PairingChange, Registration, SignUp

pytestmark = pytest.mark.django_db(transaction=True)
ME = {"name": "Nora Quist", "rating": 1850, "federation": "nor", "fide_id": "1504950"}


@pytest.fixture
def director():
    return client_for(organizer())


def _event(director, **settings) -> Event:
    slug = create_event(director, variant_policy="fixed", variant="chess", scoring="classical")["slug"]
    assert director.post(f"/api/events/{slug}/announce/").status_code == 200
    if settings:
        response = director.patch(f"/api/events/{slug}/", settings, format="json")
        assert response.status_code == 200, response.content
    return Event.objects.get(slug=slug)


def _person(name: str, confirmed: bool = False):
    user = get_user_model().objects.create(username=name, email=f"{name}@example.org")
    if confirmed:
        profile = profile_of(user)
        profile.confirmed_email = user.email
        profile.save()
    return user


def _register(event, user, **body):
    return client_for(user).post(f"/api/events/{event.slug}/registrations/", {**ME, **body}, format="json")


def _confirm_link(address: str) -> str:
    message = next(m for m in mail.outbox if m.to == [address] and "Confirm" in m.subject)
    return re.search(r"https?://[^/\s]+(/events/\S+/register/confirm/\S+/)", message.body).group(1)


def test_open_registration_counts_once_the_email_is_confirmed(director, settings):
    event = _event(director, registration="open")
    nora = _person("nora")
    response = _register(event, nora)
    assert response.status_code == 201 and response.json()["status"] == "pending"
    assert not Registration.objects.filter(event=event).exists()
    browser = Client()
    page = browser.get(_confirm_link("nora@example.org"))
    assert page.status_code == 200 and b"you are registered" in page.content
    entry = SignUp.objects.get(pk=response.json()["id"])
    assert entry.status == SignUp.Status.ACTIVE and entry.registration.player.name == "Nora Quist"
    assert entry.registration.player.federation == "NOR" and entry.registration.player.fide_id == "1504950"
    assert any("you are registered" in m.subject for m in mail.outbox)
    assert browser.get(_confirm_link("nora@example.org")).status_code == 200  # a second click changes nothing
    again = _register(event, nora)
    assert again.status_code == 409 and again.json()["errors"][0]["field"] == "player"
    assert PairingChange.objects.filter(event=event, action="registration-active").count() == 1


def test_a_confirmed_address_counts_at_once_and_approval_waits_for_the_director(director):
    event = _event(director, registration="approval")
    nora, otto = _person("nora", confirmed=True), _person("otto", confirmed=True)
    first = _register(event, nora).json()
    second = _register(event, otto, name="Otto Rask", fide_id="").json()
    assert first["status"] == second["status"] == "pending"
    listed = director.get(f"/api/events/{event.slug}/registrations/").json()
    assert [r["name"] for r in listed["results"]] == ["Nora Quist", "Otto Rask"] and listed["results"][0]["email_confirmed"]
    assert client_for(nora).get(f"/api/events/{event.slug}/registrations/").status_code == 403
    approved = director.post(f"/api/events/{event.slug}/registrations/{first['id']}/approve/")
    assert approved.status_code == 200 and approved.json() == {"id": first["id"], "status": "active"}
    refused = director.post(f"/api/events/{event.slug}/registrations/{second['id']}/refuse/")
    assert refused.json()["status"] == "refused"
    twice = director.post(f"/api/events/{event.slug}/registrations/{second['id']}/approve/")
    assert twice.status_code == 409 and twice.json()["errors"][0]["field"] == "status"
    assert director.post(f"/api/events/{event.slug}/registrations/999999/approve/").status_code == 404
    assert client_for(otto).post(f"/api/events/{event.slug}/registrations/{second['id']}/approve/").status_code == 403
    assert list(Registration.objects.filter(event=event).values_list("player__name", flat=True)) == ["Nora Quist"]
    subjects = [m.subject for m in mail.outbox if m.to == ["otto@example.org"]]
    assert any("registration received" in s for s in subjects) and any("not accepted" in s for s in subjects)


def test_a_full_event_keeps_a_waiting_list_that_moves_up_on_a_withdrawal(director):
    event = _event(director, registration="open", max_players=2)
    people = [_person(name, confirmed=True) for name in ("ada", "bo", "cy", "di")]
    answers = [_register(event, p, name=p.username.title(), fide_id="").json()["status"] for p in people]
    assert answers == ["active", "active", "waiting", "waiting"]
    assert any("number 2 on the waiting list" in m.body for m in mail.outbox if m.to == ["di@example.org"])
    assert client_for(people[0]).post(f"/api/events/{event.slug}/withdraw/").status_code == 200
    statuses = dict(SignUp.objects.filter(event=event).values_list("name", "status"))
    assert statuses == {"Ada": "withdrawn", "Bo": "active", "Cy": "active", "Di": "waiting"}
    assert any("a place is yours" in m.subject for m in mail.outbox if m.to == ["cy@example.org"])
    assert PairingChange.objects.filter(event=event, action="registration-moved-up").count() == 1
    assert Registration.objects.filter(event=event, status="active").count() == 2


def test_registration_closes_at_its_time_and_at_round_one(director):
    event = _event(director, registration="open", registration_closes_at=(timezone.now() - timedelta(minutes=1)).isoformat())
    late = _register(event, _person("late", confirmed=True))
    assert late.status_code == 409 and late.json()["errors"][0]["field"] == "registration"
    director.patch(f"/api/events/{event.slug}/", {"registration_closes_at": None}, format="json")
    for name in ("ada", "bo"):
        assert _register(event, _person(name, confirmed=True), name=name.title(), fide_id="").json()["status"] == "active"
    pending = _register(event, _person("cy"), name="Cy", fide_id="").json()
    assert director.post(f"/api/events/{event.slug}/rounds/").status_code == 201
    after = _register(event, _person("di", confirmed=True), name="Di", fide_id="")
    assert after.status_code == 409 and "round 1 is paired" in after.json()["detail"]
    link = _confirm_link("cy@example.org")
    assert Client().get(link).status_code == 409  # confirmed too late: late entry is the director's
    assert SignUp.objects.get(pk=pending["id"]).status == "pending"


def test_closed_registration_and_bad_input_are_refused_by_name(director):
    event = _event(director)  # closed by default
    closed = _register(event, _person("nora", confirmed=True))
    assert closed.status_code == 409 and closed.json()["errors"][0]["field"] == "registration"
    director.patch(f"/api/events/{event.slug}/", {"registration": "open"}, format="json")
    for body, field in [({"rating": 9999}, "rating"), ({"federation": "Norway"}, "federation"), ({"name": ""}, "name"),
                        ({"fide_id": "12ab"}, "fide_id"), ({"status": "active"}, "status")]:  # fmt: skip
        bad = _register(event, _person(f"x{len(field)}{field}"), **body)
        assert bad.status_code == 400 and field in {e["field"] for e in bad.json()["errors"]}, (body, bad.content)
    noaddress = get_user_model().objects.create(username="noaddress")
    assert _register(event, noaddress).json()["errors"][0]["field"] == "email"
    assert APIClient().post(f"/api/events/{event.slug}/registrations/", ME, format="json").status_code == 401
    assert not SignUp.objects.exists()


def test_a_visitor_registers_on_the_page_with_a_new_login(director):
    event = _event(director, registration="open")
    get_user_model().objects.create(username="taken", email="taken@example.org")
    browser = Client()
    form = {"name": "Vera Lind", "rating": "1700", "federation": "SWE", "email": "taken@example.org",
            "username": "vera", "password": "long-enough-pass-1"}  # fmt: skip
    kept = browser.post(f"/events/{event.slug}/register/", form)
    assert kept.status_code == 400 and b"log in first" in kept.content and b'value="Vera Lind"' in kept.content
    done = browser.post(f"/events/{event.slug}/register/", {**form, "email": "vera@example.org"})
    assert done.status_code == 200 and b"we mailed a link" in done.content
    vera = get_user_model().objects.get(username="vera")
    assert vera.check_password("long-enough-pass-1") and SignUp.objects.get(user=vera).status == "pending"
    assert browser.get(_confirm_link("vera@example.org")).status_code == 200
    assert SignUp.objects.get(user=vera).status == "active"
    page = browser.get(f"/events/{event.slug}/").content.decode()
    assert "You are registered" in page and "Withdraw" in page


def test_the_register_page_says_when_registration_is_closed(director):
    event = _event(director)
    page = Client().get(f"/events/{event.slug}/register/")
    assert page.status_code == 200 and b"takes no registrations" in page.content
    refused = Client().post(f"/events/{event.slug}/register/", {"name": "X", "email": "x@example.org", "username": "x",
                                                                 "password": "long-enough-pass-1"})  # fmt: skip
    assert refused.status_code == 409 and not get_user_model().objects.filter(username="x").exists()


def test_the_organizer_approves_from_the_admin_list(director):
    event = _event(director, registration="approval")
    entry = SignUp.objects.get(pk=_register(event, _person("nora", confirmed=True)).json()["id"])
    admin = Client()
    admin.force_login(event.organizer)
    assert b"Nora Quist" in admin.get("/admin/tournaments/signup/").content
    answer = admin.post("/admin/tournaments/signup/", {"action": "approve", "_selected_action": [entry.pk]}, follow=True)
    assert SignUp.objects.get(pk=entry.pk).status == "active"
    assert "Nora Quist: approved: registered" in answer.content.decode()
    stranger = Client()
    stranger.force_login(organizer("stranger"))
    assert b"Nora Quist" not in stranger.get("/admin/tournaments/signup/").content


def test_the_admin_says_an_approved_registration_went_on_the_waiting_list_of_a_full_event(director):
    event = _event(director, registration="approval", max_players=2)
    entries = [SignUp.objects.get(pk=_register(event, _person(n, confirmed=True), name=n.title(), fide_id="").json()["id"]).pk
               for n in ("nora", "otto", "pia")]  # fmt: skip
    admin = Client()
    admin.force_login(event.organizer)
    answer = admin.post("/admin/tournaments/signup/", {"action": "approve", "_selected_action": entries}, follow=True)
    page = answer.content.decode()
    assert sorted(SignUp.objects.filter(pk__in=entries).values_list("status", flat=True)) == ["active", "active", "waiting"]
    assert page.count("approved: registered") == 2 and page.count("approved, and on the waiting list: the event is full") == 1
