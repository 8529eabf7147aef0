"""A dispute settled on the director's result grid, in a real headless Chromium (issue 24).

Anna reports a win, Bert disputes it on his report page with a comment; the run sheet and the grid flag the
dispute; a save with an error on another board keeps everything typed, says what is missing and stays within the
page; the board editor (8x8) sets that board's final position; the save settles both reports, and Anna's report
page shows them ``settled`` by the director. Screenshots (DOCS_SCREENSHOTS=1): run-sheet-dispute-{1400,390}.png,
result-grid-errors-{1400,390}.png, board-editor-8x8-{1400,390}.png, report-settled-{1400,390}.png."""

from __future__ import annotations

from decimal import Decimal

from games.models import ResultReport
from tests.browser import BROWSER_MARKS, screenshot_dir
from tests.games.asgi_server import token_for
from tests.games.report_browser_support import fits, open_as, place
from tests.scoring import db
from tournaments.models import Game

SCREENSHOTS = screenshot_dir()
pytestmark = BROWSER_MARKS


def _event():
    director = db.user("director", is_staff=True)
    ev = db.event(scoring="dynamic", variant_key="chess", organizer=director, is_public=True, status="running")
    users = [db.user(name) for name in ("anna", "bert", "cleo", "dan")]
    names = ("Anna Berger", "Bert Kowalski", "Cleo Martin", "Dan Okafor")
    players = [db.player(name, account=user, ev=ev) for name, user in zip(names, users, strict=True)]
    first = db.game(ev, players[0], players[1])
    second = db.game(ev, players[2], players[3])
    return director, users, first, second


def _grid_fits(page, width: int) -> None:
    fits(page, width)
    if width >= 1000:  # every column, the position and the points included, is on the page
        right = page.evaluate(
            "Math.max(...[...document.querySelectorAll('#result-grid th[scope=col]')].map(t => t.getBoundingClientRect().right))"
        )
        assert right <= width


def test_a_dispute_is_flagged_and_settled_on_the_result_grid(browser, asgi_server):
    director, (anna, bert, _, _), first, second = _event()
    body = {"result": "1-0", "termination": "resignation"}
    assert asgi_server.request("POST", f"/api/games/{first.pk}/report/", body, token=token_for(anna))[0] == 201
    bert_page = open_as(browser, asgi_server, bert, f"/games/{first.pk}/report/", 390)
    bert_page.fill('[data-field="comment-dispute"]', "I never resigned: we agreed a draw")
    bert_page.click('[data-answer="dispute"]')
    bert_page.wait_for_selector('[data-report-state]:has-text("Result disputed")')
    assert Game.objects.get(pk=first.pk).result_status == "disputed"

    for width in (1400, 390):
        sheet = open_as(browser, asgi_server, director, f"/admin/tournaments/event/{first.round.event.pk}/director/", width)
        flagged = sheet.locator("[data-unsettled]").inner_text()
        assert "Results to settle: 1" in flagged and "Disputed" in flagged and "Anna Berger – Bert Kowalski" in flagged
        fits(sheet, width)
        sheet.screenshot(path=str(SCREENSHOTS / f"run-sheet-dispute-{width}.png"), full_page=True)
        sheet.context.close()

    grid_url = f"/admin/tournaments/round/{first.round.pk}/results/"
    for width in (1400, 390):
        grid = open_as(browser, asgi_server, director, grid_url, width)
        assert grid.locator('[data-flag="disputed"]').inner_text() == "Disputed"
        grid.select_option("select[name=b1-result]", "1-0")
        grid.select_option("select[name=b1-termination]", "resignation")
        grid.select_option("select[name=b2-result]", "1/2-1/2")
        grid.select_option("select[name=b2-termination]", "agreement")
        grid.click("#result-grid input[type=submit]")
        grid.wait_for_selector("tr.row-error")
        assert "give the final position" in grid.locator("#board-2").inner_text()
        assert grid.locator("select[name=b1-result]").input_value() == "1-0"  # what was typed is still there
        _grid_fits(grid, width)
        grid.screenshot(path=str(SCREENSHOTS / f"result-grid-errors-{width}.png"), full_page=True)
        assert grid.errors == []
        if width == 1400:
            grid.context.close()  # the 390 px page goes on
    assert Game.objects.get(pk=first.pk).result_status == "disputed"  # nothing was saved

    # The board editor sets board 2's final position on the 8x8 board, from the game's start.
    for width in (390, 1400):
        grid.set_viewport_size({"width": width, "height": 900})
        if width == 390:
            grid.click("#board-2 [data-open-editor]")
            grid.wait_for_selector('#editor-2 [data-editor][data-ready="yes"] [data-square="h8"]')
            grid.click('#editor-2 [data-be="clear"]')
            place(grid, "white", "King", ["e1"])
            place(grid, "black", "King", ["e8"])
            place(grid, "white", "Queen", ["d4"])
            grid.wait_for_function(
                "document.querySelector('#editor-2 [data-be=points-white]')?.textContent === '51'", timeout=30_000
            )
        grid.locator("#editor-2 [data-editor]").screenshot(path=str(SCREENSHOTS / f"board-editor-8x8-{width}.png"))
    assert grid.locator("input[name=b2-position]").input_value() == "4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1"
    grid.click("#result-grid input[type=submit]")
    grid.wait_for_selector("text=2 result(s) saved.")
    assert grid.errors == []

    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.result, first.result_status, second.white_points, second.black_points) == (
        "1-0",
        "final",
        Decimal(51),
        Decimal(49),
    )
    assert list(first.reports.values_list("status", "settled_by")) == [(ResultReport.Status.SETTLED, director.pk)]
    status, listed = asgi_server.request("GET", f"/api/games/{first.pk}/reports/", token=token_for(anna))
    assert status == 200 and [(r["status"], r["settled_by"]) for r in listed["results"]] == [("settled", "director")]
    for width in (1400, 390):
        page = open_as(browser, asgi_server, anna, f"/games/{first.pk}/report/", width)
        assert "Result final" in page.locator("[data-report-state]").inner_text()
        history = page.locator("[data-history]").inner_text()
        assert "Settled by director: 1-0 (resignation, 100-0)" in history
        fits(page, width)
        page.screenshot(path=str(SCREENSHOTS / f"report-settled-{width}.png"), full_page=True)
        assert page.errors == []
