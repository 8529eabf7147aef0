"""The site's login form after too many wrong passwords, in a real headless Chromium: the form says how long to
wait, keeps the username, and does not log in even with the right password. Screenshots:
docs/screenshots/login-throttled-{1400,390}.png."""

from __future__ import annotations

from django.core.cache import caches

from accounts import throttling
from tests.browser import BROWSER_MARKS, screenshot_dir
from tests.scoring import db

SCREENSHOTS = screenshot_dir()  # docs/screenshots/ with DOCS_SCREENSHOTS=1

pytestmark = BROWSER_MARKS


def _submit(page, username: str, password: str) -> None:
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button[type=submit]")
    page.wait_for_load_state()


def test_the_login_form_says_how_long_to_wait(browser, asgi_server):
    caches["throttle"].clear()
    db.user("anna")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width in (1400, 390):
        page = browser.new_context(viewport={"width": width, "height": 700}).new_page()
        page.set_default_timeout(8_000)
        page.goto(f"{asgi_server.url}/accounts/login/")
        for i in range(throttling.FREE_FAILURES):
            _submit(page, "anna", f"wrong-{i}")
        _submit(page, "anna", db.PASSWORD)
        alert = page.locator("[role=alert]").inner_text()
        assert "Too many login attempts: try again in" in alert
        assert page.input_value("#id_username") == "anna"
        assert page.url.endswith("/accounts/login/")  # not logged in
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(SCREENSHOTS / f"login-throttled-{width}.png"), full_page=True)
        caches["throttle"].clear()
