"""The play page and the public page of a disputed game in a real headless Chromium (docs/game-states.md): they say
the result is disputed and that an arbiter decides, the play page offers no move, no resignation and no offer, and
a click on a piece says why. Screenshots: docs/screenshots/play-disputed-{1400,390}.png and
live-game-disputed-{1400,390}.png."""

from __future__ import annotations

from django.conf import settings
from django.test import Client

from tests.browser import BROWSER_MARKS, screenshot_dir
from tests.games.asgi_server import token_for
from tests.games.live_support import make_game
from tournaments.models import Game

SCREENSHOTS = screenshot_dir()  # docs/screenshots/ with DOCS_SCREENSHOTS=1

pytestmark = BROWSER_MARKS


def _open(browser, server, user, path: str, width: int):
    client = Client()
    client.force_login(user)
    page = browser.new_context(viewport={"width": width, "height": 900}).new_page()
    page.set_default_timeout(8_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value, "url": server.url}]
    )
    page.goto(f"{server.url}{path}")
    return page


def _report(server, game: Game, user, result: str) -> None:
    body = {"result": result, "termination": "resignation"}
    status, body = server.request("POST", f"/api/games/{game.pk}/report/", body, token=token_for(user))
    assert status == 201, body


def test_a_disputed_game_shows_why_it_takes_no_move(browser, asgi_server):
    game, white_user, black_user = make_game(variant="chess", scoring="classical")
    _report(asgi_server, game, white_user, "1-0")
    _report(asgi_server, game, black_user, "0-1")  # contradicting reports: a dispute
    assert Game.objects.get(pk=game.pk).state == "disputed"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width in (1400, 390):
        page = _open(browser, asgi_server, white_user, f"/games/{game.pk}/play/", width)
        page.wait_for_selector("[data-board] [data-square]")
        status = page.locator("[data-status]").inner_text()
        assert "disputed" in status and "arbiter" in status
        assert page.locator('[data-action="resign"]:not([hidden])').count() == 0
        assert page.locator('[data-action="draw-offer"]:not([hidden])').count() == 0
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(SCREENSHOTS / f"play-disputed-{width}.png"), full_page=True)
        page.click('[data-square="e2"]')
        assert "disputed" in page.locator("[data-message]").inner_text()
        assert page.locator(".target, .capture").count() == 0
        assert page.errors == []

        public = _open(browser, asgi_server, black_user, f"/games/{game.pk}/", width)
        text = public.locator("main").inner_text()
        assert "Result disputed" in text and "To move" not in text
        assert public.evaluate("document.documentElement.scrollWidth") <= width
        public.screenshot(path=str(SCREENSHOTS / f"live-game-disputed-{width}.png"), full_page=True)
        assert public.errors == []
    assert not Game.objects.get(pk=game.pk).moves
