"""The admin's index is the director's home (issue 36): the events the user runs, not closed, each with its next
step (announce, approve sign-ups, publish the paired round, settle results, pair the next round), linked to where
it is done; a header naming the site; other organizers' events not shown; the same queries for one event or many."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.helpers import make_event
from tournaments.models import Event, Game
from tournaments.services import pair_round, publish_round

pytestmark = pytest.mark.django_db


def _home(client) -> str:
    page = client.get("/admin/")
    assert page.status_code == 200
    return page.content.decode()


def test_each_event_says_what_to_do_next_and_links_it(client):
    draft, organizer, _ = make_event(5, slug="draft-cup")
    paired, _, _ = make_event(4, slug="paired-cup")
    playing, _, _ = make_event(4, slug="playing-cup")
    Event.objects.filter(slug__in=["paired-cup", "playing-cup"]).update(organizer=organizer, status="running")
    pair_round(Event.objects.get(slug="paired-cup"), 1, by=organizer)
    publish_round(pair_round(Event.objects.get(slug="playing-cup"), 1, by=organizer), by=organizer)
    Game.objects.filter(round__event__slug="playing-cup", board=1).update(result_status="reported")
    make_event(4, slug="someone-elses")
    client.force_login(organizer)

    home = _home(client)
    assert "Variant chess events: the director&#x27;s desk" in home and "Your events: what to do next" in home
    assert "Draft with 5 players: announce it" in home
    assert "Round 1 is paired: review and publish it" in home
    assert "1 result to settle" in home
    assert f'href="/admin/tournaments/event/{paired.pk}/director/"' in home
    assert "Someone-Elses" not in home and "someone-elses" not in home

    Game.objects.filter(round__event__slug="playing-cup").update(result_status="final", result="1-0")
    assert "Pair round 2" in _home(client)


def test_the_home_costs_the_same_queries_for_one_event_or_five(client):
    _, organizer, _ = make_event(4, slug="only")
    client.force_login(organizer)
    _home(client)  # the session and the content types are read once
    with CaptureQueriesContext(connection) as one:
        _home(client)
    for n in range(4):
        make_event(4, slug=f"more-{n}")
    Event.objects.update(organizer=organizer)
    with CaptureQueriesContext(connection) as five:
        assert _home(client).count("Draft with 4 players") == 5
    assert len(five) == len(one)
