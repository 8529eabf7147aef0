"""Issue 27 in Chromium, at 1400 px and on a 390 px phone: the admin's team form refusing a roster the API refuses
(the error next to the roster, what was typed kept), and a team's change page with its roster and line-ups.
Screenshots: admin-team-form, admin-team (-1400, -390); DOCS_SCREENSHOTS=1 refreshes those in docs/screenshots."""

from __future__ import annotations

from urllib.parse import urlparse

from django.conf import settings
from django.test import Client

from tests.browser import BROWSER_MARKS, shots_at_two_widths
from tests.tournaments.organizer_api_support import client_for, organizer
from tests.tournaments.team_support import team_event
from tournaments.models import Event, Player, Team

pytestmark = BROWSER_MARKS


def _logged_in(browser, server, user):
    login = Client()
    login.force_login(user)
    cookie = login.cookies[settings.SESSION_COOKIE_NAME].value
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    host = urlparse(server.url).hostname
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "domain": host, "path": "/"}])
    return context, context.new_page()


def test_the_team_admin_form_refuses_as_the_api_and_shows_a_team(browser, live_server, transactional_db):
    director = organizer()
    client = client_for(director)
    slug, teams = team_event(client, teams=2, boards=4, format="swiss", rounds=5, name="Club Swiss")
    event = Event.objects.get(slug=slug)
    new = [Player.objects.create(name=name, rating=rating).pk for name, rating in
           [("Ines Jansen", 2010), ("Jonas Keller", 1985), ("Kira Lund", 1950)]]  # fmt: skip
    taken = teams[0]["roster"][1]["id"]
    roster = [p["id"] for p in teams[1]["roster"]]
    answer = client.put(f"/api/events/{slug}/rounds/1/lineups/{teams[1]['id']}/", {"boards": roster}, format="json")
    assert answer.status_code == 200, answer.content
    context, page = _logged_in(browser, live_server, director)
    try:
        assert page.goto(f"{live_server.url}/admin/tournaments/team/add/").status == 200
        page.select_option("#id_event", str(event.pk))
        page.fill("#id_name", "Knights")
        page.fill("#id_captain", str(new[0]))
        page.fill("#id_roster", ", ".join(map(str, [*new, taken])))
        page.click("input[name=_save]")
        error = page.locator(".errorlist").last.inner_text()
        assert "plays for Team 1 already" in error and page.input_value("#id_name") == "Knights"
        assert not Team.objects.filter(name="Knights").exists()
        shots_at_two_widths(page, "admin-team-form")
        assert page.goto(f"{live_server.url}/admin/tournaments/team/{teams[1]['id']}/change/").status == 200
        text = page.locator("#content").inner_text()
        assert "Round 1:" in text and "T2 board 1" in text, text
        shots_at_two_widths(page, "admin-team")
    finally:
        context.close()
