"""Issue 27 in Chromium, at 1400 px and on a 390 px phone (no sideways scrolling): the section tabs of an Open with a
U1800 section, the team standings of a team round-robin, a team's page with a match's boards, and the captain's
line-up form. Screenshots: sections-tabs, team-standings, team-match-boards, team-lineup-form (-1400, -390)."""

from __future__ import annotations

from urllib.parse import urlparse

from django.conf import settings
from django.test import Client

from tests.browser import BROWSER_MARKS, shots_at_two_widths
from tests.tournaments.organizer_api_support import client_for, organizer
from tests.tournaments.team_support import board_rows, team_event
from tournaments.models import TeamMatch

pytestmark = BROWSER_MARKS

SECTIONS = [
    {"name": "Open", "format": "swiss", "rounds": 4},
    {"name": "U1800", "format": "swiss", "rounds": 4, "max_rating": 1799},
]
RATED = [("Anna Berger", 2150), ("Ben Carter", 2090), ("Chloé Dubois", 1990), ("Dmitri Egorov", 1950),
         ("Elif Fidan", 1750), ("Femi Gbadamosi", 1600), ("Greta Holm", 1420), ("Hugo Ibarra", 1300)]  # fmt: skip
PLAYERS = [{"name": name, "rating": rating} for name, rating in RATED]


def _page(browser, server, user=None):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1400, "height": 900})
    if user is not None:
        login = Client()
        login.force_login(user)
        cookie = login.cookies[settings.SESSION_COOKIE_NAME].value
        host = urlparse(server.url).hostname
        context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "domain": host, "path": "/"}])
    return context, context.new_page()


def test_the_section_tabs(browser, live_server, transactional_db):
    client = client_for(organizer())
    body = {"name": "Spring Open", "variant_policy": "rvc-one-roll", "scoring": "dynamic", "sections": SECTIONS}
    assert client.post("/api/events/", body, format="json").status_code == 201
    client.post("/api/events/spring-open/players/", PLAYERS, format="json")
    client.post("/api/events/spring-open/announce/")
    for section in ("open", "u1800"):
        client.post(f"/api/events/spring-open/rounds/?section={section}")
        client.post(f"/api/events/spring-open/rounds/1/publish/?section={section}")
    context, page = _page(browser, live_server)
    try:
        assert page.goto(live_server.url + "/events/spring-open/?section=u1800").status == 200
        tabs = page.get_by_role("navigation", name="Sections")
        assert [t.strip() for t in tabs.get_by_role("link").all_inner_texts()] == ["Open", "U1800"]
        assert tabs.locator("[aria-current=page]").inner_text().startswith("U1800")
        assert "Greta Holm" in page.content() and "Anna Berger" not in page.content()
        shots_at_two_widths(page, "sections-tabs")
        page.goto(live_server.url + "/events/spring-open/standings/")
        assert tabs.locator("[aria-current=page]").inner_text().startswith("Open")
    finally:
        context.close()


def test_team_standings_a_matchs_boards_and_the_lineup_form(browser, live_server, transactional_db):
    director = organizer()
    client = client_for(director)
    slug, teams = team_event(client, teams=4, name="Club League")
    client.post(f"/api/events/{slug}/announce/")
    client.post(f"/api/events/{slug}/rounds/")
    client.post(f"/api/events/{slug}/rounds/1/publish/")
    rows = []
    for match, scores in zip(
        TeamMatch.objects.filter(round__number=1).order_by("number"), ([1, 1, 1, 0], [1, 0, 1, 0]), strict=True
    ):
        rows += board_rows(scores, match.first_board)
    assert client.post(f"/api/events/{slug}/rounds/1/results/", rows, format="json").status_code == 200
    context, page = _page(browser, live_server, director)
    try:
        assert page.goto(f"{live_server.url}/events/{slug}/standings/").status == 200
        table = page.get_by_role(
            "table", name="Team standings of Club League: match points, then board points, then the C.07 team tie-breaks"
        )
        assert table.get_by_role("row").nth(1).inner_text().split("\t")[:4] == ["1", "Team 1", "2", "3"]
        shots_at_two_widths(page, "team-standings")
        page.get_by_role("link", name="Team 1").first.click()
        assert page.get_by_role("table", name="Round 1: Team 1 – Team 4").is_visible()
        shots_at_two_widths(page, "team-match-boards")
        assert page.goto(f"{live_server.url}/events/{slug}/rounds/1/").status == 200
        headings = page.locator("tr.match th").all_inner_texts()  # each match's boards under its teams and score
        assert len(headings) == 2 and headings[0].startswith("Match 1: ") and "–" in headings[0]
        shots_at_two_widths(page, "team-round")
        page.go_back()
        page.get_by_role("link", name="Submit the line-up for the next round").click()
        assert page.get_by_role("heading", name="Line-up of Team 1: round 2").is_visible()
        page.select_option("#board1", str(teams[0]["roster"][1]["id"]))
        page.select_option("#board2", str(teams[0]["roster"][0]["id"]))
        page.get_by_role("button", name="Submit the line-up").click()
        assert "a line-up keeps the roster" in page.content()  # out of order: refused, naming why
        shots_at_two_widths(page, "team-lineup-form")
    finally:
        context.close()
