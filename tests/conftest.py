"""Shared fixtures. Tests not marked ``worker`` run Celery tasks eagerly even when CI configures a broker."""

from __future__ import annotations

import os
import tempfile

import pytest

# The demo keeps its password in a file (settings.DEMO_PASSWORD_FILE); the tests, and the processes they start (which
# take this environment), keep theirs out of the checkout, so a test run never changes the password `make run` prints.
os.environ.setdefault("DEMO_PASSWORD_FILE", os.path.join(tempfile.mkdtemp(prefix="rvchess-demo-"), "demo-password"))


def pytest_configure(config):
    """The throwaway extensions of tests/architecture/extensions/ are registered for the whole run (issue 35)."""
    from tests.architecture.extensions import install

    install()
    _one_channel_prefix_per_worker()


def _one_channel_prefix_per_worker() -> None:
    """Under pytest-xdist each worker has its own test database, so two workers hand out the same game ids: on a
    shared Redis channel layer their groups (``game-7``) would meet. Each worker gets its own prefix, in the settings
    (read before any layer exists) and in the environment (what a child process it starts reads)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return
    from django.conf import settings

    prefix = f"{os.environ.get('CHANNEL_LAYER_PREFIX', 'rvchess')}_{worker}"
    os.environ["CHANNEL_LAYER_PREFIX"] = prefix
    layer = settings.CHANNEL_LAYERS["default"]
    if "prefix" in layer.get("CONFIG", {}):
        layer["CONFIG"]["prefix"] = prefix


@pytest.fixture(autouse=True)
def _eager_celery_unless_worker(request):
    from config.celery import app

    if request.node.get_closest_marker("worker"):
        yield
        return
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


@pytest.fixture(autouse=True)
def _fast_password_hasher(settings):
    """Password hashing is deliberately slow; tests that create many accounts need not pay for it."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(scope="module")
def browser():
    """One headless chromium per test module (tests/browser.py says how it is launched)."""
    from tests.browser import launched

    with launched() as launched_browser:
        yield launched_browser
