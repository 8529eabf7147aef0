"""The live page in a real headless Chromium (Debian's), served by uvicorn with its socket: a move, an offer and
the end made elsewhere (another client's API requests) appear without a reload.

Screenshots of the page at 1400 and 390 px wide go to docs/screenshots/live-game-{1400,390}.png.
"""

from __future__ import annotations

from tests.browser import BROWSER_MARKS, screenshot_dir
from tests.games.actions_support import post
from tests.games.live_support import make_game

SCREENSHOTS = screenshot_dir()  # docs/screenshots/ with DOCS_SCREENSHOTS=1

pytestmark = BROWSER_MARKS


def open_live(browser, server, game, width: int):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.set_default_timeout(5_000)
    page.goto(f"{server.url}/games/{game.pk}/")
    page.wait_for_function("document.getElementById('live-state').dataset.socket === 'live'")
    page.evaluate("window.notReloaded = true")
    return context, page


def moves_text(page) -> str:
    return page.locator("#live-state ol.moves").inner_text() if page.locator("#live-state ol.moves").count() else ""


def test_the_live_page_shows_a_move_made_elsewhere_without_a_reload(browser, asgi_server):
    game, white, black = make_game(time_control="15+10")
    context, page = open_live(browser, asgi_server, game, 1400)
    assert "No moves yet." in page.locator("#live-state").inner_text()

    assert post(asgi_server, white, game, "moves", {"move": "e4"})[0] == 200
    page.wait_for_function("document.querySelector('#live-state ol.moves')?.textContent.includes('e4')")
    assert page.evaluate("window.notReloaded") is True
    assert page.locator(".live-clock.running").get_attribute("data-army") == "black"
    assert "e4" in page.locator("#live-announce").inner_text()

    assert post(asgi_server, black, game, "draw", {"action": "offer", "move": "c5"})[0] == 200
    page.wait_for_function("document.querySelector('#live-state .notice')?.textContent.includes('offers a draw')")
    assert "e4 c5" in moves_text(page) and game.black.name in page.locator("#live-state .notice").inner_text()
    assert page.locator("#live-board g.piece").count() == 32
    c5 = page.locator('#live-board g[data-square="c5"] g.piece')
    assert (c5.get_attribute("data-piece"), c5.get_attribute("data-color")) == ("Pawn", "black")
    assert page.locator('#live-board g[data-square="c5"] use').count() == 1  # drawn with its figure, not a letter
    assert page.locator('#live-board g[data-square="c7"] g.piece').count() == 0
    assert "Pawn c5" in page.locator("#live-board desc").text_content()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "live-game-1400.png"), full_page=True)

    small, phone = open_live(browser, asgi_server, game, 390)
    assert phone.locator("#live-state .notice").count() == 1  # the offer is part of the state the page loads with

    assert post(asgi_server, white, game, "resign")[0] == 200
    for shown in (page, phone):
        shown.wait_for_function("document.getElementById('live-state').textContent.includes('Result: 0-1')")
        assert shown.evaluate("window.notReloaded") is True
    assert "resignation" in page.locator("#live-state").inner_text()
    assert page.locator(".live-clock.running").count() == 0
    phone.screenshot(path=str(SCREENSHOTS / "live-game-390.png"), full_page=True)  # the end, as the socket drew it
    small.close()
    context.close()


def test_the_event_page_follows_the_news_and_tells_a_player_their_game(browser, asgi_server):
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    from tests.tournaments.helpers import make_event
    from tournaments.models import Event
    from tournaments.services import pair_round, publish_round

    event, organizer, players = make_event(2, slug="followed", rounds=1, status=Event.Status.RUNNING)
    player = players[0]
    player.user = get_user_model().objects.create_user("followed-player")
    player.save()
    login = Client()
    login.force_login(player.user)
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": login.cookies[settings.SESSION_COOKIE_NAME].value,
                          "domain": asgi_server.host, "path": "/"}])  # fmt: skip
    page = context.new_page()
    page.set_default_timeout(8_000)
    page.goto(f"{asgi_server.url}/events/followed/")
    page.wait_for_function("document.getElementById('event-live')?.dataset.socket === 'live'")
    page.evaluate("window.notReloaded = true")
    assert "No round has been published yet." in page.locator("#main").inner_text()

    rnd = publish_round(pair_round(event, 1, by=organizer), by=organizer)  # the director publishes, elsewhere
    game = rnd.games.get()
    page.wait_for_function(f"document.querySelector('#your-game a')?.getAttribute('href') === '/games/{game.pk}/'")
    page.wait_for_function("!document.getElementById('main').textContent.includes('No round has been published yet.')")
    assert page.evaluate("window.notReloaded") is True
    assert "round 1 published" in page.locator("#event-live").inner_text()
    page.screenshot(path=str(SCREENSHOTS / "event-live-1400.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SCREENSHOTS / "event-live-390.png"), full_page=True)
    context.close()
