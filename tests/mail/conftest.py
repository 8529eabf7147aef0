"""``smtp``: a real SMTP server on localhost that Django's settings point at (tests/smtp.py)."""

import pytest

from tests.smtp import SmtpServer


@pytest.fixture
def smtp(settings):
    server = SmtpServer()
    server.start()
    server.configure(settings)
    yield server
    server.stop()
