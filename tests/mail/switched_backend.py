"""A mail backend the tests switch off and on: down, it fails as smtplib does when nothing listens."""

from __future__ import annotations

from django.core.mail.backends.base import BaseEmailBackend


class SwitchedBackend(BaseEmailBackend):
    down = False
    sent: list = []

    def send_messages(self, messages):
        if SwitchedBackend.down:
            raise ConnectionRefusedError(111, "Connection refused")
        SwitchedBackend.sent.extend(messages)
        return len(messages)


BACKEND = "tests.mail.switched_backend.SwitchedBackend"
