"""Debian's headless chromium driven by Playwright: the one launch recipe and ``browser`` fixture of the browser
tests (Playwright cannot download a browser of its own here). The ``browser`` fixture is in tests/conftest.py."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parents[1]
# Without the background-networking flags chromium tries, and fails, to reach the internet at every start.
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip
BROWSER_MARKS = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed (apt-get install chromium)"),
]


@contextmanager
def launched() -> Iterator:
    """A headless chromium for the ``with`` block."""
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an event loop running in this thread; Django's ORM (fixtures, teardown) must
    # still be allowed to run here.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            yield browser
            browser.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


def screenshot_dir() -> Path:
    """Where a browser test saves its screenshots: artifacts/screenshots/ (ignored by git), or with
    ``DOCS_SCREENSHOTS=1`` docs/screenshots/, replacing the ones the docs show (a run of the tests then leaves the
    tracked pictures alone unless asked to refresh them)."""
    folder = ROOT / ("docs" if os.environ.get("DOCS_SCREENSHOTS") == "1" else "artifacts") / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def shots_at_two_widths(page, name: str) -> None:
    """``page`` as it is at 1400 px and at 390 px (a phone), saved as ``<name>-1400.png`` and ``<name>-390.png`` in
    :func:`screenshot_dir`; on the phone nothing may scroll sideways."""
    folder = screenshot_dir()
    page.set_viewport_size({"width": 1400, "height": 900})
    page.screenshot(path=str(folder / f"{name}-1400.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, f"{name} scrolls sideways on a phone"
    page.screenshot(path=str(folder / f"{name}-390.png"), full_page=True)
    page.set_viewport_size({"width": 1400, "height": 900})
