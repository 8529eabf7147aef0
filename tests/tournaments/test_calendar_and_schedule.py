"""A player's calendar (issue 23): ``GET /api/me/calendar/`` gives a private URL serving ``text/calendar`` without a
login; it parses with ``icalendar`` and holds one event per paired game with a start time (per round otherwise),
times right in any time zone; the URL can be revoked. ``PUT /api/events/{slug}/schedule/`` sets the start of planned
rounds, paired or not, until each is published."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import icalendar
import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.games.report_api_support import client_for
from tests.tournaments.organizer_api_support import organizer
from tests.tournaments.way_in_support import event_with_logins
from tournaments.models import Round

pytestmark = pytest.mark.django_db
R1 = datetime(2026, 12, 5, 14, 30, tzinfo=UTC)
R2 = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _schedule(director, slug, *rounds):
    body = {"rounds": [{"number": n, "starts_at": t.isoformat() if t else None} for n, t in rounds]}
    return director.put(f"/api/events/{slug}/schedule/", body, format="json")


def _path(url: str) -> str:
    return "/" + url.split("/", 3)[3]


def _feed(user) -> icalendar.Calendar:
    response = Client().get(_path(client_for(user).get("/api/me/calendar/").json()["url"]))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/calendar")
    return icalendar.Calendar.from_ical(response.content)


def test_the_schedule_sets_planned_rounds_until_they_are_published(db):
    event, director, users = event_with_logins(4)
    response = _schedule(director, event.slug, (1, R1), (2, R2))
    assert response.status_code == 200, response.content
    assert [(r["number"], r["status"]) for r in response.json()["rounds"]] == [(1, "pending"), (2, "pending")]
    paired = director.post(f"/api/events/{event.slug}/rounds/")
    assert paired.status_code == 201 and paired.json()["number"] == 1  # a planned round 2 is not "the last round"
    assert Round.objects.get(event=event, number=1).starts_at == R1
    assert _schedule(director, event.slug, (1, R1 + timedelta(hours=1))).status_code == 200  # paired, not published
    director.post(f"/api/events/{event.slug}/rounds/1/publish/")
    fixed = _schedule(director, event.slug, (1, R1))
    assert fixed.status_code == 409 and fixed.json()["errors"][0]["field"] == "number"
    for body in ({"rounds": [{"number": 9, "starts_at": R1.isoformat()}]}, {"rounds": [{"number": 2, "starts_at": "soon"}]},
                 {"rounds": []}, {"rounds": [{"number": 2, "starts_at": None}, {"number": 2, "starts_at": None}]}):  # fmt: skip
        assert director.put(f"/api/events/{event.slug}/schedule/", body, format="json").status_code == 400, body
    assert client_for(users[0]).put(f"/api/events/{event.slug}/schedule/", {"rounds": []}, format="json").status_code == 403
    assert Round.objects.get(event=event, number=2).starts_at == R2


def test_the_calendar_holds_the_players_games_and_rounds(db, settings):
    settings.SITE_URL = "http://testserver"
    event, director, users = event_with_logins(4)
    _schedule(director, event.slug, (1, R1), (2, R2))
    director.post(f"/api/events/{event.slug}/rounds/")
    director.post(f"/api/events/{event.slug}/rounds/1/publish/")
    games = Round.objects.get(event=event, number=1).games
    game = games.filter(white__user=users[0]).first() or games.get(black__user=users[0])
    cal = _feed(users[0])
    items = {str(item["uid"]).split("@")[0]: item for item in cal.walk("VEVENT")}
    assert set(items) == {f"game-{game.pk}", f"round-{event.pk}-2-{users[0].player.pk}"}
    played = items[f"game-{game.pk}"]
    assert played.decoded("dtstart") == R1 and played.decoded("dtend") > R1
    opponent = game.black if game.white.user == users[0] else game.white
    assert opponent.name in str(played["summary"]) and f"/games/{game.pk}/" in str(played["url"])
    assert items[f"round-{event.pk}-2-{users[0].player.pk}"].decoded("dtstart") == R2


def test_times_are_right_in_the_servers_time_zone(db, settings):
    settings.TIME_ZONE = "Europe/Vienna"
    event, director, users = event_with_logins(4)
    _schedule(director, event.slug, (2, R2))
    raw = Client().get(_path(client_for(users[0]).get("/api/me/calendar/").json()["url"])).content.decode()
    assert "DTSTART;TZID=Europe/Vienna:20261206T110000" in raw and "BEGIN:VTIMEZONE" in raw
    cal = icalendar.Calendar.from_ical(raw)
    assert next(iter(cal.walk("VEVENT"))).decoded("dtstart").astimezone(UTC) == R2


def test_the_url_is_private_and_revocable(db):
    event, director, users = event_with_logins(4)
    me = client_for(users[0])
    old = me.get("/api/me/calendar/").json()["url"]
    assert old != client_for(users[1]).get("/api/me/calendar/").json()["url"]
    new = me.delete("/api/me/calendar/").json()["url"]
    assert new != old
    assert Client().get(_path(old)).status_code == 404 and Client().get(_path(new)).status_code == 200
    assert Client().get("/calendar/not-a-key.ics").status_code == 404
    assert APIClient().get("/api/me/calendar/").status_code == 401
    empty = Client().get(_path(client_for(organizer("someone")).get("/api/me/calendar/").json()["url"]))
    assert empty.status_code == 200 and not icalendar.Calendar.from_ical(empty.content).walk("VEVENT")  # plays nowhere
