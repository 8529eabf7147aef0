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
