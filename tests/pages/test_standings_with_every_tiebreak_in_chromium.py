"""The standings page of an event that lists every C.07 tie-break (chosen through the service behind the admin and
``PATCH /api/events/{slug}/``): one column and one legend entry per code, at 1400 px and on a 390 px phone, where
only the wide table scrolls sideways. Screenshots: standings-every-tiebreak-1400.png and -390.png."""

from __future__ import annotations

import pytest

from scoring.tiebreak_registry import catalogue
from tests.browser import BROWSER_MARKS, screenshot_dir
from tournaments.services.event_settings import update_event

pytestmark = BROWSER_MARKS
SCREENSHOTS = screenshot_dir()  # docs/screenshots/ with DOCS_SCREENSHOTS=1


@pytest.mark.parametrize("width", [1400, 390])
def test_every_tiebreak_has_its_column_and_legend(browser, live_server, transactional_db, spring_open, width):
    update_event(spring_open.event, {"tiebreaks": list(catalogue())})  # the snapshot is recomputed at once
    context = browser.new_context(java_script_enabled=False, viewport={"width": width, "height": 900})
    try:
        page = context.new_page()
        assert page.goto(live_server.url + "/events/spring-open/standings/").status == 200
        page.screenshot(path=str(SCREENSHOTS / f"standings-every-tiebreak-{width}.png"), full_page=True)
        table = page.get_by_role("table", name="Standings of Spring Open (Dynamic (game points, seed 002))")
        headers = [h.strip() for h in table.get_by_role("columnheader").all_inner_texts()]
        assert headers[7:-2] == list(catalogue())
        legend = page.locator("dl.facts dt").all_inner_texts()
        assert [code.strip() for code in legend] == list(catalogue())
        assert "Direct encounter" in page.content() and "Buchholz cut-1" in page.content()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        context.close()
