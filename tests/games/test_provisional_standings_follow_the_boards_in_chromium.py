"""The standings if the games ended now follow the boards (issue 29): the page listens to the sockets of the games
it counts and is fetched again after a move, so a queen won on the board shows as White's material verdict without
a reload by the reader."""

from __future__ import annotations

from tests.browser import BROWSER_MARKS
from tests.games.actions_support import move
from tests.games.live_support import make_game
from variants.registry import fixed_keys

pytestmark = BROWSER_MARKS


def test_a_move_on_a_board_updates_the_provisional_standings(browser, asgi_server):
    game, white, black = make_game(variant=fixed_keys()[0], time_control="15+10")
    event = game.round.event
    event.status = event.Status.RUNNING
    event.save()
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto(f"{asgi_server.url}/events/{event.slug}/standings/?provisional=1")
        page.wait_for_function("document.getElementById('event-live')?.dataset.socket === 'live'")
        assert "no lead of 6, a draw on material" in page.locator("#main").inner_text()
        for army, notation in (("w", "e4"), ("b", "e5"), ("w", "Qh5"), ("b", "Qh4"), ("w", "Qxh4")):
            move(asgi_server, white if army == "w" else black, game, notation)
        page.wait_for_function("document.getElementById('main').textContent.includes('White ahead by 6 or more')")
        assert "Updated" in page.locator("#event-live").inner_text()
        rows = page.get_by_role("table", name="What each game in play counts for in the provisional standings")
        assert "51 – 49" in rows.inner_text()
    finally:
        context.close()
