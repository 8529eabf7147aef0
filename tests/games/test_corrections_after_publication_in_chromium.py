"""A director corrects a published round before play in Chromium (served by uvicorn with its sockets): colours
swapped on board 1 from the review page; the player who had White, watching the round page, is told at once that
they now play Black and sees the board turned round without a reload; the other player's "My games" says White.
Also the arbiter's page of a game and the live page of a Twilight game with its reserve.

Screenshots at 1400 and 390 px: admin-corrections, player-correction, admin-game-arbiter, live-twilight-reserve
(docs/screenshots/ with DOCS_SCREENSHOTS=1).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from games.play.moves import submit_move
from tests.browser import BROWSER_MARKS, screenshot_dir
from tests.games.live_support import make_game
from tests.tournaments.helpers import make_event
from tournaments.models import Event, Game
from tournaments.services import pair_round, publish_round

SCREENSHOTS = screenshot_dir()
pytestmark = BROWSER_MARKS


def _context(browser, server, user, width: int = 1400):
    context = browser.new_context(viewport={"width": width, "height": 900})
    if user is not None:
        login = Client()
        login.force_login(user)
        cookie = login.cookies[settings.SESSION_COOKIE_NAME].value
        context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "domain": server.host, "path": "/"}])
    page = context.new_page()
    page.set_default_timeout(10_000)
    return context, page


def _shots(browser, server, user, page, name: str) -> None:
    """The page as it is at 1400 px, and its address at 390 px (no sideways scrolling on a phone)."""
    page.screenshot(path=str(SCREENSHOTS / f"{name}-1400.png"), full_page=True)
    context, narrow = _context(browser, server, user, 390)
    narrow.goto(page.url)
    assert narrow.evaluate("document.documentElement.scrollWidth") <= 390, f"{name} scrolls sideways on a phone"
    narrow.screenshot(path=str(SCREENSHOTS / f"{name}-390.png"), full_page=True)
    context.close()


def test_a_director_swaps_colours_of_a_published_board_and_the_players_see_it(browser, asgi_server):
    fields = {"variant_policy": "fixed", "variant_key": "chess", "status": Event.Status.RUNNING}
    event, organizer, players = make_event(4, slug="fixed-up", rounds=3, **fields)
    for player in players:
        player.user = get_user_model().objects.create_user(f"p{player.pk}")
        player.save()
    rnd = publish_round(pair_round(event, by=organizer), by=organizer)
    game = rnd.games.select_related("white__user", "black__user").get(board=1)
    white, black = game.white, game.black

    watching, page = _context(browser, asgi_server, white.user)
    page.goto(f"{asgi_server.url}/events/{event.slug}/rounds/1/")
    page.wait_for_function("document.getElementById('event-live')?.dataset.socket === 'live'")
    page.evaluate("window.notReloaded = true")

    director, admin = _context(browser, asgi_server, organizer)
    admin.goto(f"{asgi_server.url}/admin/tournaments/round/{rnd.pk}/review/")
    assert "Until a board's game has a move or a result you may still correct it" in admin.inner_text("#content")
    admin.select_option("select[aria-label='Correction of board 1']", "swap")
    admin.get_by_role("button", name="Correct board 1").click()
    admin.wait_for_load_state()
    assert "Board 1: colours swapped." in admin.inner_text("ul.messagelist")
    assert Game.objects.get(pk=game.pk).white_id == black.pk
    first_row = admin.locator("#review-boards tbody tr").first.inner_text()
    assert first_row.index(black.name) < first_row.index(white.name)
    _shots(browser, asgi_server, organizer, admin, "admin-corrections")

    banner = f"Your game of round 1 changed: board 1, you play Black against {black.name}."
    page.wait_for_function(f"document.getElementById('your-game')?.textContent.includes({banner!r})")
    order = f"t.indexOf({black.name!r}) < t.indexOf({white.name!r})"  # the round's table fetched again: swapped
    page.wait_for_function(f"(() => {{ const t = document.getElementById('main').textContent; return {order}; }})()")
    assert page.evaluate("window.notReloaded") is True
    page.screenshot(path=str(SCREENSHOTS / "player-correction-1400.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(SCREENSHOTS / "player-correction-390.png"), full_page=True)
    watching.close()

    other, mine = _context(browser, asgi_server, black.user)
    mine.goto(f"{asgi_server.url}/games/mine/")
    assert f"You play White against {white.name}" in mine.inner_text("body")
    other.close()

    admin.goto(f"{asgi_server.url}/admin/tournaments/game/{game.pk}/arbiter/")
    assert admin.get_by_role("heading", name="Clock").is_visible()
    _shots(browser, asgi_server, organizer, admin, "admin-game-arbiter")
    director.close()


def test_a_spectator_sees_the_twilight_reserve(browser, asgi_server):
    game, white, black = make_game(variant="twilight")
    submit_move(game.pk, white, "b1@N")
    context, page = _context(browser, asgi_server, None)
    page.goto(f"{asgi_server.url}/games/{game.pk}/")
    page.wait_for_function("document.getElementById('live-state').dataset.socket === 'live'")
    assert "White army's reserve: Knight" in page.locator("#live-state").inner_text()
    assert "Black army's reserve: empty" in page.locator("#live-state").inner_text()
    submit_move(game.pk, black, "g8@N")  # pushed: the reserve follows without a reload
    page.wait_for_function("document.getElementById('live-state').textContent.includes(\"Black army's reserve: Knight\")")
    _shots(browser, asgi_server, None, page, "live-twilight-reserve")
    context.close()


def test_the_event_form_refuses_a_locked_field_and_the_run_sheet_closes(browser, asgi_server):
    fields = {"variant_policy": "fixed", "variant_key": "chess", "city": "Graz", "federation": "AUT"}
    event, organizer, _ = make_event(2, slug="locked", rounds=1, **fields)
    rnd = publish_round(pair_round(event, by=organizer), by=organizer)
    context, admin = _context(browser, asgi_server, organizer)
    admin.goto(f"{asgi_server.url}/admin/tournaments/event/{event.pk}/change/")
    admin.select_option("#id_format", "rr")
    admin.fill("#id_tiebreaks", "XYZ,,")
    admin.click("input[name=_save]")
    admin.wait_for_load_state()
    errors = admin.inner_text("#content")
    assert "round 1 is paired: the event's format can no longer change" in errors and "unknown tie-break XYZ" in errors
    assert admin.input_value("#id_tiebreaks") == "XYZ,,"  # what was typed stays
    admin.screenshot(path=str(SCREENSHOTS / "admin-event-locked-1400.png"), full_page=True)
    admin.set_viewport_size({"width": 390, "height": 844})
    admin.screenshot(path=str(SCREENSHOTS / "admin-event-locked-390.png"), full_page=True)
    admin.set_viewport_size({"width": 1400, "height": 900})
    from tournaments.services import enter_result

    enter_result(rnd.games.get(), result="1-0", termination="resignation", by=organizer)
    admin.goto(f"{asgi_server.url}/admin/tournaments/event/{event.pk}/director/")
    _shots(browser, asgi_server, organizer, admin, "admin-run-sheet-close")
    admin.check("input[name=confirm]")
    admin.get_by_role("button", name="Close the event").click()
    admin.wait_for_load_state()
    assert "is closed: its standings are final" in admin.inner_text("ul.messagelist")
    admin.goto(f"{asgi_server.url}/events/{event.slug}/")
    assert "Graz" in admin.inner_text("dl.facts") and "AUT" in admin.inner_text("dl.facts")
    _shots(browser, asgi_server, None, admin, "event-where")
    context.close()
