"""The demo event's round, standings and player pages in a real headless Chromium, at 1400 px and at 390 px.

At 390 px no page may scroll sideways (only a wide table, inside its box, with its first column kept in view).
Screenshots go to artifacts/screenshots/; with ``DOCS_SCREENSHOTS=1`` they replace the ones in docs/screenshots/
(round-*, standings-*, player-*, event-*, event-list-*).
"""

from __future__ import annotations

import os
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from django.core.management import call_command
from django.utils.text import slugify

from scoring import CLASSICAL
from tests.browser import CHROMIUM
from tests.pages.test_pages_in_chromium import SCREENSHOTS
from tournaments.models import Event, Game, Player
from tournaments.services.results import record_result
from tournaments.services.simulation import simulate
from tournaments.tasks.standings import one_snapshot_per_event
from variants.registry import fixed_keys

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
WIDTHS = (1400, 390)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed (apt-get install chromium)"),
]


@pytest.fixture
def demo(transactional_db, settings):
    """The demo event with round 5 under way: board 1 being played, board 2 finished."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    call_command("demo", "--password", "pw-demo-123")
    event = Event.objects.get(slug="demo-rvc-swiss")
    games = Game.objects.filter(round__event=event, round__number=5).order_by("board")
    games.filter(board=1).update(status=Game.Status.LIVE)
    record_result(games.get(board=2), result="1-0", termination="checkmate")
    event.rounds.filter(number=5).update(starts_at=datetime(2026, 11, 28, 14, 0, tzinfo=UTC))
    # An announced event and a finished one, so that the event list shows its three groups.
    for name, status, starts in (("Autumn Cup", Event.Status.ANNOUNCED, date(2026, 10, 3)),
                                 ("Winter Classic", Event.Status.CLOSED, date(2026, 1, 10))):  # fmt: skip
        Event.objects.create(name=name, slug=slugify(name), status=status, starts_on=starts, organizer=event.organizer,
                             variant_policy=Event.VariantPolicy.FIXED, variant_key=fixed_keys()[0], rounds_planned=7,
                             scoring=CLASSICAL.key)  # fmt: skip
    return event


def _shoot(browser, live_server, path: str, name: str) -> list[str]:
    """Open ``path`` at each width, save the screenshots, and return what overflowed at 390 px."""
    problems = []
    for width in WIDTHS:
        context = browser.new_context(java_script_enabled=False, viewport={"width": width, "height": 900})
        try:
            page = context.new_page()
            assert page.goto(live_server.url + path).status == 200, path
            target = DOCS if os.environ.get("DOCS_SCREENSHOTS") == "1" else SCREENSHOTS
            target.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(target / f"{name}-{width}.png"), full_page=True)
            scroll = page.evaluate("document.documentElement.scrollWidth")
            if scroll > width:
                problems.append(f"{path} at {width}px scrolls sideways ({scroll}px wide)")
        finally:
            context.close()
    return problems


def _classical_event() -> tuple[Event, Player]:
    """A rated classical Swiss in its last round, and its top seed (whose page shows rating changes)."""
    event = simulate(
        format="swiss",
        players=8,
        rounds=4,
        seed=16,
        scoring=CLASSICAL.key,
        play_last=False,
        standings_batch=one_snapshot_per_event,
    ).event
    Event.objects.filter(pk=event.pk).update(is_public=True, status=Event.Status.RUNNING)
    return event, event.registrations.order_by("seed").first().player


@pytest.mark.slow  # the longest browser walks: make test-slow and CI run them (issue 15: make test < 3 min)
def test_demo_pages_fit_a_phone_and_are_photographed(browser, live_server, demo):
    anna = Player.objects.get(name="Anna Berger")
    classical, top = _classical_event()
    pages = [
        ("/", "event-list"),
        (f"/events/{demo.slug}/", "event"),
        (f"/events/{demo.slug}/rounds/5/", "round"),
        (f"/events/{demo.slug}/standings/", "standings"),
        (f"/events/{demo.slug}/players/{anna.id}/", "player"),
        (f"/events/{classical.slug}/players/{top.id}/", "player-classical"),
    ]
    problems = [problem for path, name in pages for problem in _shoot(browser, live_server, path, name)]
    assert problems == []


def test_on_a_phone_the_first_column_stays_in_view_while_the_table_scrolls(browser, live_server, demo):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/events/{demo.slug}/standings/")
        table = page.get_by_role("table", name="Standings of Demo Random Variant Chess Swiss", exact=False)
        box = page.locator(".table-wrap").first
        assert box.evaluate("el => el.scrollWidth > el.clientWidth")  # the table is wider than the phone...
        first = table.get_by_role("rowheader").first
        before = first.bounding_box()
        box.evaluate("el => el.scrollLeft = el.scrollWidth")  # ...and scrolls inside its box
        after = first.bounding_box()
        assert after["x"] == pytest.approx(before["x"], abs=1)  # the player's name did not move
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()


def test_the_round_page_links_the_game_being_played_and_shows_scores_before_the_round(browser, live_server, demo):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1400, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/events/{demo.slug}/rounds/5/")
        live = page.get_by_role("link", name="live")
        assert live.count() == 1
        board1 = Game.objects.get(round__event=demo, round__number=5, board=1)
        assert live.get_attribute("href") == f"/games/{board1.id}/"
        assert page.get_by_role("heading", name="The variant of this round").is_visible()
        assert page.locator("[data-legend-piece]").count() >= 7  # the pieces of the rolled array and the pawn
        assert page.locator("svg.board g.piece").count() == 48
    finally:
        context.close()


def test_printed_pairings_and_standings_are_the_tables_without_navigation(browser, live_server, demo):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1400, "height": 900})
    try:
        page = context.new_page()
        page.emulate_media(media="print")
        for path, table in (("rounds/5/", "Pairings and results of round 5"), ("standings/", "Standings of")):
            page.goto(f"{live_server.url}/events/{demo.slug}/{path}")
            assert page.get_by_role("table", name=table, exact=False).is_visible()
            assert not page.get_by_role("navigation", name="Event").is_visible()
            assert page.locator(".piece-legend, .round-nav").evaluate_all("els => els.every(e => !e.offsetParent)")
            first = page.locator(".table-wrap tbody tr > :first-child").first
            assert first.evaluate("el => getComputedStyle(el).position") == "static"  # nothing sticks on paper
    finally:
        context.close()
