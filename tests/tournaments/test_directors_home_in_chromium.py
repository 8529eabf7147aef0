"""The director's home (the admin's index) in Chromium at 1400 px and on a 390 px phone: the events with their next
step above the model list, and the printable pairing list with ratings, points and the rolled array, nothing
scrolling sideways. Screenshots: admin-home, admin-pairing-print (-1400, -390); DOCS_SCREENSHOTS=1 refreshes them."""

from __future__ import annotations

from urllib.parse import urlparse

from django.conf import settings
from django.test import Client

from tests.browser import BROWSER_MARKS, shots_at_two_widths
from tests.tournaments.helpers import make_event
from tournaments.models import Event
from tournaments.services import pair_round

pytestmark = BROWSER_MARKS


def test_the_home_lists_the_events_and_their_next_step(browser, live_server, transactional_db):
    _, organizer, _ = make_event(6, slug="club-night")
    make_event(8, slug="spring-open")
    Event.objects.filter(slug="club-night").update(name="Thursday club night")
    Event.objects.filter(slug="spring-open").update(name="Spring Open", organizer=organizer, status="running")
    pair_round(Event.objects.get(slug="spring-open"), 1, by=organizer)
    login = Client()
    login.force_login(organizer)
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    host = urlparse(live_server.url).hostname
    cookie = login.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "domain": host, "path": "/"}])
    page = context.new_page()
    try:
        assert page.goto(f"{live_server.url}/admin/").status == 200
        home = page.get_by_role("region", name="Your events: what to do next")
        assert home.get_by_role("link", name="Round 1 is paired: review and publish it").is_visible()
        assert home.get_by_role("link", name="Draft with 6 players: announce it").is_visible()
        shots_at_two_widths(page, "admin-home")
        home.get_by_role("link", name="Round 1 is paired: review and publish it").click()
        page.wait_for_url(f"**/admin/tournaments/event/{Event.objects.get(slug='spring-open').pk}/director/")

        # The pairing list to pin up: numbers, names, ratings, points, and the array the dice rolled.
        rnd = Event.objects.get(slug="spring-open").rounds.get(number=1)
        assert page.goto(f"{live_server.url}/admin/tournaments/round/{rnd.pk}/print/").status == 200
        table = page.get_by_role("table", name="Pairings by board (no.: pairing number; points before the round)")
        assert table.get_by_role("row").count() == 5  # the header and four boards
        assert page.get_by_role("img", name="Round 1: the array rolled, to set every board up from").is_visible()
        shots_at_two_widths(page, "admin-pairing-print")
    finally:
        context.close()
