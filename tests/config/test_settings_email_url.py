"""EMAIL_URL: smtp://, smtp+tls:// or smtp+ssl:// become Django's e-mail settings; unset, mail is printed on the
console; a malformed one stops the process with one line naming it."""

from __future__ import annotations

import pytest

from config.env import email_config
from tests.config.test_settings_from_env import run_manage


def test_unset_prints_mail_on_the_console():
    assert email_config("")["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend"


@pytest.mark.parametrize(
    ("url", "port", "tls", "ssl"),
    [("smtp://u:p@mail.example.org:2525", 2525, False, False), ("smtp+tls://u:p@mail.example.org", 587, True, False),
     ("smtp+ssl://u:p@mail.example.org", 465, False, True)],
)  # fmt: skip
def test_smtp_urls(url, port, tls, ssl):
    config = email_config(url)
    assert config["EMAIL_BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert (config["EMAIL_HOST"], config["EMAIL_PORT"], config["EMAIL_USE_TLS"], config["EMAIL_USE_SSL"]) == (
        "mail.example.org", port, tls, ssl)  # fmt: skip
    assert (config["EMAIL_HOST_USER"], config["EMAIL_HOST_PASSWORD"]) == ("u", "p")


def test_quoted_user_and_password():
    config = email_config("smtp://director%40club.org:p%40ss%3Aw@localhost:25")
    assert (config["EMAIL_HOST_USER"], config["EMAIL_HOST_PASSWORD"]) == ("director@club.org", "p@ss:w")


@pytest.mark.parametrize("url", ["http://mail.example.org", "smtp://mail.example.org:port", "smtp://", "nonsense"])
def test_malformed_email_url_is_one_clear_line(url):
    proc = run_manage("check", EMAIL_URL=url)
    assert proc.returncode != 0
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "EMAIL_URL" in lines[0], proc.stderr
