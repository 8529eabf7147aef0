"""Every public page in a real headless Chromium (Debian's), with JavaScript switched off: the pages must not need it.

Each test saves a full-page screenshot into artifacts/screenshots/ and checks what a reader sees: table captions
and column headers by their accessibility roles, player names, the SVG board.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser import BROWSER_MARKS

SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"

pytestmark = BROWSER_MARKS


@pytest.fixture
def page(browser, live_server, transactional_db, spring_open):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def _open(page, live_server, path: str, shot: str):
    response = page.goto(live_server.url + path)
    assert response is not None and response.status == 200, path
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{shot}.png"), full_page=True)
    return page


def _headers(page, table_name: str) -> list[str]:
    table = page.get_by_role("table", name=table_name)
    return [h.strip() for h in table.get_by_role("columnheader").all_inner_texts()]


def test_event_list_in_chromium(page, live_server):
    _open(page, live_server, "/", "event-list")
    assert _headers(page, "Running events") == ["Event", "Variant", "Format", "Starts"]
    page.get_by_role("link", name="Spring Open").click()
    assert page.url.endswith("/events/spring-open/")


def test_event_page_in_chromium_shows_the_board(page, live_server):
    _open(page, live_server, "/events/spring-open/", "event")
    board = page.get_by_role("img", name=re.compile(r"starting position for rounds 1 and 2 \(12x8 board\)"))
    assert board.count() == 1 and board.first.is_visible()
    box = board.first.bounding_box()
    assert box["width"] > box["height"] > 200  # 12 files by 8 ranks
    assert page.locator("svg.board g.piece").count() == 48
    assert page.get_by_role("heading", name="Current variant").is_visible()
    assert "1-3-5" in page.inner_text("main")
    page.get_by_role("navigation", name="Event").get_by_role("link", name="Standings").click()
    assert page.url.endswith("/events/spring-open/standings/")


def test_round_page_in_chromium(page, live_server):
    _open(page, live_server, "/events/spring-open/rounds/1/", "round-1")
    name = "Pairings and results of round 1"
    assert _headers(page, name) == ["Bo.", "White", "Rating", "Pts", "Result", "Pts", "Black", "Rating", "Ending", "Game points"]
    rows = page.get_by_role("table", name=name).get_by_role("row")
    assert "Anna Berger" in rows.nth(1).inner_text() and "Ben Carter" in rows.nth(1).inner_text()
    assert page.get_by_role("heading", name="The variant of this round").is_visible()
    assert "Elif Fidan" in page.get_by_role("table", name="Byes in round 1").inner_text()


def test_standings_page_in_chromium(page, live_server):
    _open(page, live_server, "/events/spring-open/standings/", "standings")
    name = "Standings of Spring Open (Dynamic (game points, seed 002))"
    headers = ["Rank", "Player", "±", "Rating", "Fed", "Points", "Games", "BH-C1", "BH", "SB", "Perf", "Colours"]
    assert _headers(page, name) == headers
    first = page.get_by_role("table", name=name).get_by_role("row").nth(1)
    assert first.get_by_role("rowheader").inner_text().strip() == "Chloé Dubois"


def test_crosstable_page_in_chromium(page, live_server):
    _open(page, live_server, "/events/spring-open/crosstable/", "crosstable")
    assert _headers(page, "Crosstable of Spring Open by rank") == ["Rank", "Player", "Round 1", "Round 2", "Points"]
    assert page.get_by_role("rowheader", name="Anna Berger").is_visible()


def test_player_page_in_chromium(page, live_server, spring_open):
    anna = spring_open.players["Anna"]
    _open(page, live_server, f"/events/spring-open/players/{anna.id}/", "player")
    assert page.get_by_role("heading", name="Anna Berger", level=1).is_visible()
    headers = ["Round", "Opponent", "Colour", "Result", "Points", "Opp. rating", "Ending"]
    assert _headers(page, "Games and byes of Anna Berger") == headers
    assert page.get_by_label("colour sequence by round", exact=False).inner_text() == "W"  # round 2 is not final


@pytest.mark.parametrize("path", ["/", "/events/spring-open/", "/events/spring-open/rounds/1/", "/events/spring-open/standings/",
                                  "/events/spring-open/crosstable/", "players"])  # fmt: skip
def test_on_a_phone_no_page_scrolls_sideways_only_wide_tables_do(browser, live_server, transactional_db, spring_open, path):
    if path == "players":
        path = f"/events/spring-open/players/{spring_open.players['Anna'].id}/"
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        assert page.goto(live_server.url + path).status == 200
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, path
        for link in page.get_by_role("navigation", name="Event").get_by_role("link").all():
            box = link.bounding_box()  # a link is never broken over two lines ("Round" / "1")
            assert box is None or box["height"] < 30, link.inner_text()
    finally:
        context.close()
