"""A player's own requests (issue 23): a bye in a future round (``requested_bye_points`` 0, ½ or 1 of a game, at
most ``max_requested_byes``, until that round is paired) and withdrawal from the rest of the event, from the
event page and the API, both in the audit trail; bad input is a 4xx naming the field and changes nothing."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.games.report_api_support import client_for
from tests.tournaments.organizer_api_support import organizer
from tests.tournaments.way_in_support import event_with_logins
from tournaments.models import Bye, ByeRequest, PairingChange, Registration

pytestmark = pytest.mark.django_db


def test_the_organizer_sets_what_a_requested_bye_scores_and_how_many(db):
    event, director, users = event_with_logins()
    url = f"/api/events/{event.slug}/"
    response = director.patch(url, {"requested_bye_points": 1, "max_requested_byes": 2}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["requested_bye_points"] == 1.0 and response.json()["max_requested_byes"] == 2
    bad_bodies = [({"requested_bye_points": 0.7}, "requested_bye_points"), ({"max_requested_byes": -1}, "max_requested_byes"),
                  ({"colour": "red"}, "colour"), ({"check_in_required": "yes"}, "check_in_required")]  # fmt: skip
    for body, field in bad_bodies:
        bad = director.patch(url, body, format="json")
        assert bad.status_code == 400 and field in {e["field"] for e in bad.json()["errors"]}, (body, bad.content)
    assert client_for(users[0]).patch(url, {"max_requested_byes": 5}, format="json").status_code == 403
    assert client_for(organizer("other")).patch(url, {"max_requested_byes": 5}, format="json").status_code == 403
    event.refresh_from_db()
    assert (event.requested_bye_points, event.max_requested_byes) == (Decimal("1"), 2)
    assert PairingChange.objects.filter(event=event, action="settings-changed").count() == 1
    # An empty body changes nothing (the event's settings as they are, 200), as every optional field is optional.
    assert director.patch(url, {}, format="json").status_code == 200
    assert PairingChange.objects.filter(event=event, action="settings-changed").count() == 1


@pytest.mark.parametrize(("share", "points"), [(0, Decimal("0")), (0.5, Decimal("0.5")), (1, Decimal("1"))])
def test_a_requested_bye_scores_the_events_share_of_a_game(db, share, points):
    event, director, users = event_with_logins()
    director.patch(f"/api/events/{event.slug}/", {"requested_bye_points": share}, format="json")
    asked = client_for(users[0]).post(f"/api/events/{event.slug}/bye-requests/", {"round": 1}, format="json")
    assert asked.status_code == 201 and asked.json() == {"round": 1, "points": float(points)}
    assert director.post(f"/api/events/{event.slug}/rounds/").status_code == 201
    bye = Bye.objects.get(round__event=event, round__number=1, player__user=users[0])
    assert (bye.kind, bye.points) == (Bye.Kind.REQUESTED, points)
    entry = PairingChange.objects.get(event=event, action="bye-requested")
    assert entry.user == users[0]  # the player asked, and the audit says so


def test_byes_are_limited_and_close_when_their_round_is_paired(db):
    event, director, users = event_with_logins()
    director.patch(f"/api/events/{event.slug}/", {"max_requested_byes": 2}, format="json")
    me = client_for(users[0])
    url = f"/api/events/{event.slug}/bye-requests/"
    assert me.post(url, {"round": 3}, format="json").status_code == 201
    again = me.post(url, {"round": 3}, format="json")
    assert again.status_code == 409 and again.json()["errors"][0]["field"] == "round"
    assert me.post(url, {"round": 4}, format="json").status_code == 201
    over = me.post(url, {"round": 2}, format="json")
    assert over.status_code == 409 and over.json()["errors"][0]["field"] == "round" and "2 requested bye" in over.json()["detail"]
    assert director.post(f"/api/events/{event.slug}/rounds/").status_code == 201
    paired = client_for(users[1]).post(url, {"round": 1}, format="json")
    assert paired.status_code == 409 and "already paired" in paired.json()["detail"]
    for body in ({"round": 0}, {"round": "two"}, {}, {"round": 2, "points": 1}):
        bad = client_for(users[1]).post(url, body, format="json")
        assert bad.status_code == 400, body
    assert client_for(organizer("stranger")).post(url, {"round": 2}, format="json").status_code == 403
    assert APIClient().post(url, {"round": 2}, format="json").status_code == 401
    assert ByeRequest.objects.filter(registration__event=event).count() == 2


def test_a_player_withdraws_and_is_not_paired_again(db):
    event, director, users = event_with_logins()
    assert director.post(f"/api/events/{event.slug}/rounds/").status_code == 201
    assert director.post(f"/api/events/{event.slug}/rounds/1/publish/").status_code == 200
    me = client_for(users[0])
    done = me.post(f"/api/events/{event.slug}/withdraw/")
    assert done.status_code == 200 and done.json() == {"status": "withdrawn", "from_round": 2}
    entry = PairingChange.objects.get(event=event, action="withdrawal")
    assert entry.user == users[0]
    again = me.post(f"/api/events/{event.slug}/withdraw/")
    assert again.status_code == 400 and again.json()["errors"][0]["field"] == "player"
    assert client_for(organizer("stranger")).post(f"/api/events/{event.slug}/withdraw/").status_code == 403
    reg = Registration.objects.get(event=event, player__user=users[0])
    assert (reg.status, reg.withdrawn_after_round) == (Registration.Status.WITHDRAWN, 1)


def test_the_event_page_offers_a_player_a_bye_and_withdrawal(db):
    event, director, users = event_with_logins()
    browser = Client()
    assert b"Request a bye" not in browser.get(f"/events/{event.slug}/").content  # the public sees no buttons
    browser.force_login(users[1])
    page = browser.get(f"/events/{event.slug}/").content.decode()
    assert "Request a bye" in page and "Withdraw" in page and "Check in" not in page  # no check-in in this event
    response = browser.post(f"/events/{event.slug}/me/", {"op": "bye", "round": "2"}, follow=True)
    assert "You have a bye in round 2." in response.content.decode()
    refused = browser.post(f"/events/{event.slug}/me/", {"op": "bye", "round": "3"}, follow=True)
    assert "allows 1 requested bye" in refused.content.decode()
    browser.post(f"/events/{event.slug}/me/", {"op": "withdraw"}, follow=True)
    assert Registration.objects.get(event=event, player__user=users[1]).status == Registration.Status.WITHDRAWN
    stranger = Client()
    stranger.force_login(organizer("stranger"))
    assert stranger.post(f"/events/{event.slug}/me/", {"op": "withdraw"}).status_code == 403
