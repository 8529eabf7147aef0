"""A mail is a row written with the change it tells of; a mail server that is down delays it and loses nothing,
and it goes out once when the server is back (outbox.mail)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from outbox.mail import deliver, deliver_waiting, queue_mail
from outbox.models import Mail, Task
from tests.mail.switched_backend import BACKEND, SwitchedBackend

pytestmark = pytest.mark.django_db(transaction=True)

CONTEXT = {"username": "anna", "protocol": "http", "domain": "example.org", "uid": "MQ", "token": "abc-123"}


@pytest.fixture
def backend(settings):
    settings.EMAIL_BACKEND = BACKEND
    SwitchedBackend.down = False
    SwitchedBackend.sent = []
    yield SwitchedBackend
    SwitchedBackend.down = False


def test_a_mail_has_a_text_and_an_html_part_and_is_sent_after_the_commit(backend):
    with transaction.atomic():
        mail = queue_mail("anna@example.org", "password_reset", CONTEXT, kind="password-reset")
        assert backend.sent == []  # nothing leaves before the change commits
    assert len(backend.sent) == 1
    message = backend.sent[0]
    assert message.to == ["anna@example.org"] and message.subject == "Reset your password"
    assert "http://example.org/accounts/reset/MQ/abc-123/" in message.body
    html, mimetype = message.alternatives[0]
    assert mimetype == "text/html" and 'href="http://example.org/accounts/reset/MQ/abc-123/"' in html
    assert Mail.objects.get(pk=mail.pk).sent_at is not None


def test_a_rolled_back_change_sends_no_mail(backend):
    with pytest.raises(RuntimeError), transaction.atomic():
        queue_mail("anna@example.org", "password_reset", CONTEXT, kind="password-reset")
        raise RuntimeError("the change is refused")
    assert backend.sent == [] and not Mail.objects.exists()


def test_a_server_that_is_down_delays_the_mail_which_goes_out_once_it_is_back(backend):
    backend.down = True
    mail = queue_mail("anna@example.org", "password_reset", CONTEXT, kind="password-reset")
    mail.refresh_from_db()
    assert mail.sent_at is None and mail.attempts == 1 and "Connection refused" in mail.error
    assert mail.next_attempt_at > timezone.now()
    assert deliver_waiting() == 0  # not due again yet
    later = timezone.now() + timedelta(minutes=1)
    assert deliver_waiting(now=later) == 0 and Mail.objects.get(pk=mail.pk).attempts == 2  # still down
    backend.down = False
    assert deliver_waiting(now=later + timedelta(hours=1)) == 1
    assert deliver_waiting(now=later + timedelta(hours=2)) == 0
    assert deliver(mail.pk) == "done"
    assert len(backend.sent) == 1
    mail.refresh_from_db()
    assert mail.sent_at is not None and mail.error == ""


def test_with_a_broker_the_mail_is_sent_by_a_task_recorded_in_the_outbox(backend, broker):
    with transaction.atomic():
        mail = queue_mail("anna@example.org", "password_reset", CONTEXT, kind="password-reset")
    task = Task.objects.get(name="outbox.send_mail")
    assert task.args == [mail.pk] and broker.names() == ["outbox.send_mail"]
    assert backend.sent == []
    from outbox.tasks import send_mail

    assert send_mail.run(mail.pk) == {"ok": True, "outcome": "sent"}
    assert send_mail.run(mail.pk) == {"ok": True, "outcome": "done"}  # a redelivered task sends nothing twice
    assert len(backend.sent) == 1


def test_the_waiting_mail_is_swept_by_beat():
    from config.celery import app

    assert "outbox.send_waiting_mail" in {entry["task"] for entry in app.conf.beat_schedule.values()}
