"""The index of the rating lists and series, the player's page (ratings per list with the server-drawn SVG chart,
events with rank and performance, head-to-head), a rating list and a series table in Debian's headless Chromium
without JavaScript, at 1400 px and 390 px (nothing may scroll sideways on a phone); the screenshots are the ones
docs/ show."""

from __future__ import annotations

import pytest

from ratings import series as series_service
from tests.browser import BROWSER_MARKS, screenshot_dir, shots_at_two_widths
from tests.ratings.world import FIXED, season
from tests.scoring import db

pytestmark = BROWSER_MARKS


@pytest.fixture
def page(browser, live_server, transactional_db):
    organizer = db.user(username="director", is_staff=True, is_superuser=True)
    events, players = season(organizer=organizer, federations=("AUT", "GER", "SLO", "ITA"))
    made = series_service.create_series("Monthly season 2026", events, 2, [25, 18, 15, 12], organizer)
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page, live_server.url, players, made, events
    context.close()


def test_the_player_a_list_and_a_series_in_chromium(page):
    page, base, players, made, events = page
    assert page.goto(f"{base}/").status == 200
    page.get_by_role("navigation", name="Site").get_by_role("link", name="Ratings").click()  # from any page's header
    assert page.get_by_role("table", name="Rating lists").get_by_role("rowheader").count() >= 1
    page.get_by_role("table", name="Series").get_by_role("link", name="Monthly season 2026").wait_for()
    shots_at_two_widths(page, "ratings-index")

    assert page.goto(f"{base}/players/{players[1].pk}/").status == 200
    assert page.get_by_role("img", name="Ben Brook: Chess rating after each round played").count() == 1
    assert page.locator("svg.rating-chart polyline").count() == 1
    assert page.locator("svg.rating-chart circle").count() == 9
    assert page.get_by_role("table", name="Events of Ben Brook, newest first").is_visible()
    assert page.get_by_role("table", name="Played games against each opponent").is_visible()
    shots_at_two_widths(page, "ratings-player")

    assert page.goto(f"{base}/ratings/{FIXED}/").status == 200
    names = page.get_by_role("table").get_by_role("rowheader").all_inner_texts()
    assert len(names) == 4 and "?" in page.inner_text("table")
    shots_at_two_widths(page, "ratings-list")

    assert page.goto(f"{base}/series/{made.slug}/").status == 200
    assert page.get_by_role("link", name="CSV").is_visible()
    assert len(page.get_by_role("table").get_by_role("rowheader").all_inner_texts()) == 4
    assert page.locator(".dropped").count() == 4  # each player's worst event is not counted
    shots_at_two_widths(page, "ratings-series")


def test_the_event_form_offers_rated_and_seed_by(page):
    page, base, _, _, events = page
    events[0].status = events[0].Status.RUNNING  # the admin saves no change of a closed event (its way in)
    events[0].save(update_fields=["status"])
    page.goto(base + "/admin/login/")
    page.fill("#id_username", "director")
    page.fill("#id_password", db.PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_url(base + "/admin/")
    page.goto(f"{base}/admin/tournaments/event/{events[0].pk}/change/")
    assert page.locator("#id_rated").is_checked()
    page.select_option("#id_seed_by", "rating")
    page.locator("#id_rated").scroll_into_view_if_needed()
    page.set_viewport_size({"width": 1400, "height": 900})
    page.screenshot(path=str(screenshot_dir() / "admin-event-rated-1400.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#id_rated").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir() / "admin-event-rated-390.png"))
    page.set_viewport_size({"width": 1400, "height": 900})
    with page.expect_navigation():
        page.click("input[name=_save]")
    assert page.locator(".errorlist, .messagelist .error").count() == 0
    events[0].refresh_from_db()
    assert events[0].seed_by == "rating" and events[0].rated
