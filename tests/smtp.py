"""A real SMTP server on localhost (aiosmtpd) for the mail tests: start, stop and start again on the same port, with
every message it took parsed (``email.message.EmailMessage``)."""

from __future__ import annotations

import email
import socket
import time
from email import policy

from aiosmtpd.controller import Controller

from config.env import email_config


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Inbox:
    """The handler: each message the server accepted, parsed."""

    def __init__(self) -> None:
        self.messages: list[email.message.EmailMessage] = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(email.message_from_bytes(envelope.content, policy=policy.default))
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list[email.message.EmailMessage]:
        return [m for m in self.messages if address in str(m["To"])]

    def wait_for(self, count: int, timeout: float = 10.0) -> list:
        deadline = time.monotonic() + timeout
        while len(self.messages) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        return self.messages


class SmtpServer:
    def __init__(self) -> None:
        self.port = free_port()
        self.inbox = Inbox()
        self.controller: Controller | None = None

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.controller = Controller(self.inbox, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    def configure(self, settings) -> None:
        """Point Django's e-mail settings at this server, as EMAIL_URL would."""
        for name, value in email_config(self.url).items():
            setattr(settings, name, value)


def parts(message) -> tuple[str, str]:
    """(plain text, HTML) of a parsed message."""
    text = message.get_body(preferencelist=("plain",)).get_content()
    html = message.get_body(preferencelist=("html",)).get_content()
    return text, html
