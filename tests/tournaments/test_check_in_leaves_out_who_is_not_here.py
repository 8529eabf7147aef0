"""Check-in (issue 23): with ``check_in_required`` a player checks in during the window before each round (from
``check_in_opens_minutes`` before its start until it is paired; with no start time, from the previous round's
pairing or from registration); who has not checked in is not paired and is named on the review page."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from tests.games.report_api_support import client_for
from tests.tournaments.way_in_support import event_with_logins
from tournaments.models import Bye, CheckIn, Event, Game, Round
from tournaments.services import check_in as checking

pytestmark = pytest.mark.django_db


def _paired_players(rnd: Round) -> set[str]:
    games = Game.objects.filter(round=rnd)
    names = {g.white.name for g in games} | {g.black.name for g in games}
    return names | {b.player.name for b in Bye.objects.filter(round=rnd)}


@pytest.mark.parametrize("system", ["fixed", "rvc-one-roll"])  # the FIDE Dutch system and the seed's schedule
def test_a_player_not_checked_in_is_not_paired_and_the_review_page_says_so(db, system):
    body = {"variant_policy": system, "variant": "chess"} if system == "fixed" else {"variant_policy": system, "variant": ""}
    event, director, users = event_with_logins(5, **body)
    assert director.patch(f"/api/events/{event.slug}/", {"check_in_required": True}, format="json").status_code == 200
    for user in users[:4]:
        response = client_for(user).post(f"/api/events/{event.slug}/check-in/")
        assert response.status_code == 200 and response.json() == {"round": 1, "checked_in": True}
    rnd_body = director.post(f"/api/events/{event.slug}/rounds/")
    assert rnd_body.status_code == 201, rnd_body.content
    rnd = Round.objects.get(event=event, number=1)
    assert _paired_players(rnd) == {"Player 1", "Player 2", "Player 3", "Player 4"}  # Player 5 did not check in
    admin = Client()
    admin.force_login(event.organizer)
    page = admin.get(f"/admin/tournaments/round/{rnd.pk}/review/").content.decode()
    assert "Not checked in, so not paired:</strong> Player 5" in page
    late = client_for(users[4]).post(f"/api/events/{event.slug}/check-in/")
    assert late.json() == {"round": 2, "checked_in": True}  # round 1 is paired: the window is round 2's now


def test_the_window_opens_before_the_rounds_start_and_closes_at_its_pairing(db):
    event, director, users = event_with_logins(4)
    director.patch(f"/api/events/{event.slug}/", {"check_in_required": True, "check_in_opens_minutes": 30}, format="json")
    starts = timezone.now() + timedelta(hours=2)
    assert director.put(f"/api/events/{event.slug}/schedule/", {"rounds": [{"number": 1, "starts_at": starts.isoformat()}]},
                        format="json").status_code == 200  # fmt: skip
    event.refresh_from_db()
    me = client_for(users[0])
    early = me.post(f"/api/events/{event.slug}/check-in/")
    assert early.status_code == 409 and "opens at" in early.json()["detail"]
    assert checking.window(event, starts - timedelta(minutes=29)).is_open
    assert not checking.window(event, starts - timedelta(minutes=31)).is_open
    player = users[0].player
    checking.check_in(event, player, now=starts - timedelta(minutes=10))
    assert CheckIn.objects.filter(registration__player=player, round_number=1).exists()
    checking.check_out(event, player, now=starts - timedelta(minutes=5))
    assert not CheckIn.objects.exists()


def test_round_two_opens_at_round_ones_pairing_when_it_has_no_start(db):
    event, director, users = event_with_logins(4)
    director.patch(f"/api/events/{event.slug}/", {"check_in_required": True}, format="json")
    for user in users:
        assert client_for(user).post(f"/api/events/{event.slug}/check-in/").status_code == 200
    director.post(f"/api/events/{event.slug}/rounds/")
    event.refresh_from_db()
    window = checking.window(event)
    assert (window.round, window.is_open) == (2, True)
    again = client_for(users[0]).delete(f"/api/events/{event.slug}/check-in/")
    assert again.status_code == 200 and again.json() == {"round": 2, "checked_in": False}


def test_no_check_in_without_the_setting_and_only_for_players(db):
    event, director, users = event_with_logins(4)
    refused = client_for(users[0]).post(f"/api/events/{event.slug}/check-in/")
    assert refused.status_code == 409 and "needs no check-in" in refused.json()["detail"]
    director.patch(f"/api/events/{event.slug}/", {"check_in_required": True}, format="json")
    assert client_for(event.organizer).post(f"/api/events/{event.slug}/check-in/").status_code == 403
    browser = Client()
    browser.force_login(users[1])
    page = browser.get(f"/events/{event.slug}/").content.decode()
    assert "Check in</button> for round 1" in page
    done = browser.post(f"/events/{event.slug}/me/", {"op": "check-in"}, follow=True).content.decode()
    assert "You are checked in for round 1." in done and "Undo check-in" in done


def test_the_demo_has_an_event_with_check_in(db):
    call_command("demo", "--password", "pw-demo-123")
    club = Event.objects.get(slug="demo-club-night")
    assert club.check_in_required and club.registration == "open"
    assert CheckIn.objects.filter(registration__event=club, round_number=1).count() == 4
    assert checking.not_checked_in(club, 1) and checking.window(club).is_open
