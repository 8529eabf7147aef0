"""Results by people, in a real headless Chromium (issue 24).

A player of a Random Variant Chess game under dynamic scoring reports an agreed draw on the report page, setting
the final position in the board editor (the rolled array's figures on the 12x8 board); the opponent, in another
browser context with the page already open, sees the claim arrive over the game's socket and confirms it; the
points are the material verdict (51-49). Screenshots: docs/screenshots/report-page-{1400,390}.png,
board-editor-12x8-{1400,390}.png and report-confirm-{1400,390}.png (DOCS_SCREENSHOTS=1)."""

from __future__ import annotations

from decimal import Decimal

from tests.browser import BROWSER_MARKS, screenshot_dir
from tests.games.report_browser_support import fits, open_as, place
from tests.scoring import db
from tournaments.models import Game
from variants.registry import get_engine

SCREENSHOTS = screenshot_dir()
pytestmark = BROWSER_MARKS


def rvc_game(scoring: str = "dynamic"):
    anna, bert = db.user("anna"), db.user("bert")
    director = db.user("director", is_staff=True)
    ev = db.event(scoring=scoring, variant_key="rvc", organizer=director, is_public=True, status="running")
    white = db.player("Anna Berger", account=anna, ev=ev)
    black = db.player("Bert Kowalski", account=bert, ev=ev)
    return db.game(ev, white, black, start_options=get_engine("rvc").start_options("2-4-4")), anna, bert


def test_an_agreed_draw_is_reported_on_the_board_editor_and_confirmed_by_the_opponent(browser, asgi_server):
    game, anna, bert = rvc_game()
    path = f"/games/{game.pk}/report/"
    for width in (1400, 390):  # the page and the editor as they look before anything is sent
        page = open_as(browser, asgi_server, anna, path, width)
        page.select_option("select[name=result]", "1/2-1/2")
        page.select_option("select[name=termination]", "agreement")
        page.wait_for_selector('[data-editor][data-ready="yes"] [data-square="l8"]')  # the 12x8 board, from its start
        page.wait_for_selector('[data-editor][data-valid="yes"]')
        fits(page, width)
        page.screenshot(path=str(SCREENSHOTS / f"report-page-{width}.png"), full_page=True)
        page.locator("[data-editor]").screenshot(path=str(SCREENSHOTS / f"board-editor-12x8-{width}.png"))
        assert page.errors == []
        page.context.close()

    opponent = open_as(browser, asgi_server, bert, path, 390)  # already open when the report is sent
    assert opponent.locator("#report-form").count() == 1
    page = open_as(browser, asgi_server, anna, path, 390)
    page.select_option("select[name=result]", "1/2-1/2")
    page.select_option("select[name=termination]", "agreement")
    page.wait_for_selector('[data-editor][data-ready="yes"]')
    page.click('[data-editor] [data-be="clear"]')
    figures = page.locator('[data-editor] .be-piece[data-color="white"]').evaluate_all("els => els.map(e => e.dataset.figure)")
    fairy = next(f for f in figures if f not in ("King", "Queen", "Rook", "Bishop", "Knight", "Pawn"))
    place(page, "white", "King", ["g1"])
    place(page, "black", "King", ["g8"])
    place(page, "white", fairy, ["c3", "d3"])  # two of the rolled array's own fairy pieces: White well ahead
    page.wait_for_function("document.querySelector('[data-be=points-white]')?.textContent === '51'", timeout=30_000)
    assert page.locator("[data-be=points-black]").inner_text() == "49"
    position = page.locator("input[name=position]").input_value()
    assert position.startswith("6k5/") and " w " in position  # the engine's position string, never the page's
    page.click("#report-form button[type=submit]")
    page.wait_for_selector('[data-claim="mine"]')
    assert "Waiting for your opponent" in page.locator('[data-claim="mine"]').inner_text()
    said = "½-½ by agreement is recorded as 1-0, 51–49: White is ahead on material."  # before anyone confirms
    assert said in page.locator('[data-claim="mine"] [data-recorded-as]').inner_text()

    opponent.wait_for_selector('[data-claim="theirs"]')  # pushed: the page reloaded by itself
    claim = opponent.locator('[data-claim="theirs"]').inner_text()
    assert "1/2-1/2 · agreement" in claim and "White 51 – Black 49" in claim
    assert opponent.locator('[data-claim="theirs"] svg').count() == 1  # the reported position, drawn
    assert said in opponent.locator('[data-claim="theirs"] [data-recorded-as]').inner_text()
    for width in (1400, 390):
        opponent.set_viewport_size({"width": width, "height": 900})
        fits(opponent, width)
        opponent.screenshot(path=str(SCREENSHOTS / f"report-confirm-{width}.png"), full_page=True)
    opponent.click('[data-answer="confirm"]')
    opponent.wait_for_selector('[data-report-state]:has-text("Result final")')
    page.wait_for_selector('[data-report-state]:has-text("Result final")')  # the reporter sees it at once too
    game.refresh_from_db()
    # The draw on the board scores as material superiority: the result of record is the one its points stand for.
    assert (game.result, game.termination, game.result_status) == ("1-0", "agreement", "final")
    assert (game.white_points, game.black_points) == (Decimal(51), Decimal(49))
    assert game.reports.get().status == "confirmed"
    assert page.errors == [] and opponent.errors == []
    assert Game.objects.get(pk=game.pk).position == position


def test_the_board_editor_puts_twilight_pieces_in_the_reserve_and_counts_them(browser, asgi_server):
    director = db.user("td", is_staff=True)
    ev = db.event(scoring="dynamic", variant_key="twilight", organizer=director, is_public=True, status="running")
    cleo = db.user("cleo")
    game = db.game(ev, db.player("Cleo Martin", account=cleo, ev=ev), db.player("Dan Okafor", account=db.user("dan"), ev=ev))
    page = open_as(browser, asgi_server, cleo, f"/games/{game.pk}/report/", 390)
    page.select_option("select[name=result]", "1/2-1/2")
    page.select_option("select[name=termination]", "agreement")
    page.wait_for_selector('[data-editor][data-ready="yes"] [data-reserve="black"]')
    page.click('[data-editor] [data-be="clear"]')
    place(page, "white", "King", ["e1"])
    place(page, "black", "King", ["e8"])
    page.click('[data-editor] .be-piece[data-color="black"][data-figure="Queen"]')
    page.click('[data-editor] [data-be="to-reserve"]')  # Black's queen waits in the twilight zone
    page.wait_for_function("document.querySelector('[data-be=points-black]')?.textContent === '51'", timeout=30_000)
    assert page.locator("[data-be=black]").inner_text() == "90"
    assert page.locator("input[name=position]").input_value() == "4k3/8/8/8/8/8/8/4K3[q] w - - 0 1"
    fits(page, 390)
    page.locator("[data-editor]").screenshot(path=str(SCREENSHOTS / "board-editor-twilight-390.png"))
    page.click('[data-editor] [data-reserve="black"] [data-reserve-index]')  # taken out again
    page.wait_for_function("document.querySelector('[data-be=black]')?.textContent === '0'", timeout=30_000)
    assert page.errors == []
