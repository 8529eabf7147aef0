"""A tournament director's evening in the admin, in Debian's headless Chromium: create an event, import a CSV with
two bad rows (both reported), roll the dice on screen, pair, review, swap a board, publish, enter results with one
bad row (the other rows keep what was typed), pair round 2.

Screenshots (1400 and 390 px wide) go to artifacts/screenshots/; with ``DOCS_SCREENSHOTS=1`` they also replace
docs/screenshots/admin-*.png, the pictures of docs/organizer-guide.md.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from tests.browser import BROWSER_MARKS
from tournaments.models import Event, Game, Registration, Round, VariantBlock

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "screenshots"
DOCS = ROOT / "docs" / "screenshots"

BAD_CSV = b"name,rating,federation\nAnna Berger,2150,AUT\nBen Carter,lots,ENG\nChloe Dubois,2045,FRA\nDmitri Egorov,2010,Russia\n"
GOOD_CSV = (b"name,rating,federation\nAnna Berger,2150,AUT\nBen Carter,2090,ENG\nChloe Dubois,2045,FRA\n"
            b"Dmitri Egorov,2010,RUS\nElif Fidan,1980,TUR\nFinn Gray,1950,IRL\n")  # fmt: skip

pytestmark = BROWSER_MARKS


def _shots(browser, page, name: str, replay=None) -> None:
    """The page as it is now at 1400 px, and the same address at 390 px (a phone) in the same session; ``replay``
    repeats on the phone what was done to reach the state shown (a refused save, say)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1400, "height": 900})
    page.screenshot(path=str(ARTIFACTS / f"{name}-1400.png"), full_page=True)
    phone = browser.new_context(viewport={"width": 390, "height": 844})
    phone.add_cookies(page.context.cookies())
    narrow = phone.new_page()
    narrow.goto(page.url)
    if replay is not None:
        replay(narrow)
    assert narrow.evaluate("document.documentElement.scrollWidth") <= 390, f"{name} scrolls sideways on a phone"
    narrow.screenshot(path=str(ARTIFACTS / f"{name}-390.png"), full_page=True)
    phone.close()
    if os.environ.get("DOCS_SCREENSHOTS") == "1":
        for width in (1400, 390):
            shutil.copy(ARTIFACTS / f"{name}-{width}.png", DOCS / f"{name}-{width}.png")


def _login(page, base: str) -> None:
    page.goto(base + "/admin/login/")
    page.fill("#id_username", "director")
    page.fill("#id_password", "a-long-passphrase")
    page.click("input[type=submit]")
    page.wait_for_url(base + "/admin/")


def _fill_event_form(page) -> None:
    page.fill("#id_name", "Autumn Open")  # the admin's script makes the slug from the name
    page.select_option("#id_format", "swiss")
    page.fill("#id_rounds_planned", "4")
    page.select_option("#id_variant_policy", "rvc-two-rolls")  # the draws by name (variants.policies)


def _create_event(browser, page, base: str) -> Event:
    page.goto(base + "/admin/tournaments/event/add/")
    _fill_event_form(page)
    _shots(browser, page, "admin-event-form", replay=_fill_event_form)
    page.click("input[name=_save]")
    page.wait_for_url("**/director/")
    assert "Draft" in page.inner_text("dl.facts") and "Random Variant Chess, two rolls" in page.inner_text("dl.facts")
    event = Event.objects.get(slug="autumn-open")
    assert (event.variant_policy, event.variant_options) == ("dice", {"rolls": 2})
    return event


def _import_players(browser, page, event: Event) -> None:
    page.click("text=Import from CSV")
    page.set_input_files("input[name=file]", files=[{"name": "players.csv", "mimeType": "text/csv", "buffer": BAD_CSV}])
    page.click("input[name=import]")
    table = page.get_by_role("table", name="2 problems: nothing was imported")
    rows = table.locator("tbody tr").all_inner_texts()
    assert [r.split("\t")[:2] for r in rows] == [["3", "rating"], ["5", "federation"]], rows
    _shots(browser, page, "admin-import")
    assert not Registration.objects.filter(event=event).exists()
    page.set_input_files("input[name=file]", files=[{"name": "players.csv", "mimeType": "text/csv", "buffer": GOOD_CSV}])
    page.click("input[name=import]")
    page.wait_for_url("**/director/")
    assert Registration.objects.filter(event=event).count() == 6


def _name_the_chief_arbiter(browser, page, base: str, event: Event) -> None:
    """The event's form: the chief arbiter the TRF names (record 102), and each registration's starting rank, with
    whether the organizer gave it (the import had no seed column: all by rating)."""
    page.goto(f"{base}/admin/tournaments/event/{event.pk}/change/")
    page.fill("#id_chief_arbiter", "IA Clara Chief")
    page.click("input[name=_continue]")
    page.wait_for_url(f"**/admin/tournaments/event/{event.pk}/change/")
    assert Event.objects.get(pk=event.pk).chief_arbiter == "IA Clara Chief"
    assert page.input_value("#id_chief_arbiter") == "IA Clara Chief"
    _shots(browser, page, "admin-event")
    page.goto(f"{base}/admin/tournaments/event/{event.pk}/director/")


def _roll_dice(browser, page, event: Event) -> None:
    page.click("nav.director-nav >> text=Dice")
    block = page.locator("section.card", has=page.get_by_role("heading", name="Block 1: rounds 1–2"))
    commitment = VariantBlock.objects.get(event=event, index=1).commitment
    assert commitment in block.inner_text() and "not rolled yet" in block.inner_text()
    block.get_by_role("button", name="Roll now (server)").click()
    block = page.locator("section.card", has=page.get_by_role("heading", name="Block 1: rounds 1–2"))
    rolled = VariantBlock.objects.get(event=event, index=1)
    dice = rolled.first_roll + (f" then {rolled.second_roll}" if rolled.second_roll else "")  # the event rolls twice
    assert f"{dice} (server roll)" in block.inner_text()
    assert block.locator("svg.board").count() == 1 and rolled.seed in block.inner_text()
    _shots(browser, page, "admin-dice")


def _review_and_publish(browser, page, event: Event) -> Round:
    page.click("nav.director-nav >> text=Run sheet")
    page.get_by_role("button", name="Pair round 1").click()
    page.wait_for_url("**/review/")
    rnd = Round.objects.get(event=event, number=1)
    assert rnd.status == Round.Status.PAIRED
    assert page.get_by_role("table", name="Boards of round 1, with the colours each player had before it").is_visible()
    game = rnd.games.get(board=1)
    page.get_by_role("button", name="Swap colours on board 1").click()
    page.wait_for_load_state()
    first_row = page.locator("#review-boards tbody tr").first.inner_text()
    assert first_row.index(game.black.name) < first_row.index(game.white.name)
    assert Game.objects.get(pk=game.pk).white_id == game.black_id
    page.get_by_role("button", name="Publish round 1").click()
    page.wait_for_url("**/results/")
    return rnd


def _type_results_with_one_bad_row(page) -> None:
    page.select_option("[name=b1-result]", "1-0")
    page.select_option("[name=b1-termination]", "checkmate")
    page.select_option("[name=b2-result]", "1/2-1/2")
    page.select_option("[name=b2-termination]", "stalemate")  # the forcing side is missing: refused
    page.select_option("[name=b3-result]", "0-1")
    page.select_option("[name=b3-termination]", "resignation")
    page.get_by_role("button", name="Save all results").click()
    page.wait_for_load_state()


def _enter_results(browser, page, rnd: Round) -> None:
    _type_results_with_one_bad_row(page)
    assert page.locator("#board-2.row-error").count() == 1
    assert "say which army forced stalemate" in page.locator("#board-2").inner_text()
    assert (page.input_value("[name=b1-result]"), page.input_value("[name=b1-termination]")) == ("1-0", "checkmate")
    assert (page.input_value("[name=b3-result]"), page.input_value("[name=b3-termination]")) == ("0-1", "resignation")
    assert not Game.objects.filter(round=rnd).exclude(result="").exists()
    _shots(browser, page, "admin-results", replay=_type_results_with_one_bad_row)
    page.select_option("[name=b2-side]", "black")
    page.get_by_role("button", name="Save all results").click()
    page.wait_for_load_state()
    assert "3 result(s) saved." in page.inner_text("ul.messagelist")
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.COMPLETE


@pytest.mark.slow  # the longest browser walks: make test-slow and CI run them (issue 15: make test < 3 min)
def test_a_director_runs_two_rounds_in_the_admin(browser, live_server, transactional_db):
    get_user_model().objects.create_user("director", password="a-long-passphrase", is_staff=True)
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    base = live_server.url
    _login(page, base)
    event = _create_event(browser, page, base)
    _shots(browser, page, "admin-run-sheet")
    _import_players(browser, page, event)
    _name_the_chief_arbiter(browser, page, base, event)
    _roll_dice(browser, page, event)
    rnd = _review_and_publish(browser, page, event)
    _enter_results(browser, page, rnd)
    page.click("nav.director-nav >> text=Run sheet")
    page.get_by_role("button", name="Pair round 2").click()
    page.wait_for_url("**/review/")
    assert Round.objects.get(event=event, number=2).status == Round.Status.PAIRED
    assert "Review round 2" in page.inner_text("h1")
    assert "→ due" in page.inner_text("#review-boards")  # every player has a colour history now
    _shots(browser, page, "admin-review")
    _print_and_public_pages(browser, page, event)
    context.close()


def _print_and_public_pages(browser, page, event: Event) -> None:
    """The pairing list as it prints, and the public event page: block 2's commitment is there before its roll."""
    page.get_by_role("link", name="Printable pairing list").first.click()
    page.emulate_media(media="print")
    assert not page.locator(".tools").is_visible()  # the print stylesheet hides the buttons
    _shots(browser, page, "admin-print")
    page.emulate_media(media="screen")
    page.goto(f"{page.url.split('/admin/')[0]}/events/{event.slug}/")
    dice = page.get_by_role("table", name="Variant blocks: the commitment before the roll, the dice after")
    rows = dice.locator("tbody tr").all_inner_texts()
    second = VariantBlock.objects.get(event=event, index=2)
    assert "server roll" in rows[0] and second.commitment in rows[1] and "not rolled yet" in rows[1]
    _shots(browser, page, "organizer-public-dice")
