"""Shared by the browser tests of the report page and the result grid (issue 24): a logged-in page in a browser
context of its own, the board editor's palette and squares, and the no-sideways-scrolling check."""

from __future__ import annotations

from django.conf import settings
from django.test import Client


def open_as(browser, server, user, path: str, width: int):
    """A page of its own browser context (its own cookies), logged in as ``user``."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": width, "height": 900})
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                          "url": server.url}])  # fmt: skip
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.goto(f"{server.url}{path}")
    return page


def place(page, color: str, figure: str, squares: list[str]) -> None:
    page.click(f'[data-editor] .be-piece[data-color="{color}"][data-figure="{figure}"]')
    for square in squares:
        page.click(f'[data-editor] [data-square="{square}"]')


def fits(page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width
