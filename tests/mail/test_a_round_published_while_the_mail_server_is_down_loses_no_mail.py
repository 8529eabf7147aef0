"""The mail server stopped while a round is published: the round is published, no mail is lost, and the mails go
out once each after the server is back (the periodic outbox.send_waiting_mail), never twice."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from outbox.models import Mail
from outbox.tasks import send_waiting_mail
from tests.scoring import db
from tests.smtp import parts
from tournaments.models import Round
from tournaments.services import pair_round, publish_round

pytestmark = pytest.mark.django_db(transaction=True)


def test_mails_of_a_round_published_with_the_server_down_go_out_once_it_is_back(smtp, monkeypatch):
    organizer = db.user("organizer", is_staff=True)
    ev = db.event(scoring="classical", organizer=organizer)
    for n, name in enumerate(["Anna Berger", "Bert Kowalski", "Chloé Dubois", "Dmitri Egorov"], start=1):
        player = db.player(name, ev=ev, seed=n, rating=2200 - n)
        player.email = f"p{n}@example.org"
        player.save()
    smtp.stop()
    rnd = publish_round(pair_round(ev, by=organizer), by=organizer)
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.PUBLISHED  # the write does not wait for mail
    assert Mail.objects.filter(sent_at__isnull=True).count() == 4
    assert "Connection refused" in Mail.objects.filter(attempts=1).first().error
    assert smtp.inbox.messages == []

    smtp.start()
    later = timezone.now() + timedelta(minutes=30)  # beat's next runs, after the wait the failure set
    monkeypatch.setattr("outbox.mail.timezone.now", lambda: later)
    assert send_waiting_mail.run() == 4
    assert send_waiting_mail.run() == 0
    messages = smtp.inbox.wait_for(4)
    assert sorted(str(m["To"]) for m in messages) == [f"p{n}@example.org" for n in range(1, 5)]
    game = rnd.games.get(board=1)
    first = next(m for m in messages if str(m["To"]) == (game.white.email))
    text, html = parts(first)
    assert "Board:      1" in text and f"Opponent:   {game.black.name}" in text and game.black.name in html
    assert Mail.objects.filter(sent_at__isnull=True).count() == 0
