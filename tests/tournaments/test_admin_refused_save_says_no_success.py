"""When a service refuses an admin save, the page shows the refusal and not the admin's "added successfully"."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages

from tests.tournaments.helpers import make_event
from tournaments.models import Player

pytestmark = pytest.mark.django_db


def test_a_refused_registration_shows_the_refusal_and_no_success(client):
    event, organizer, _ = make_event(2, slug="refused-save", fmt="match")
    client.force_login(organizer)
    third = Player.objects.create(name="A third player")
    body = {"event": str(event.pk), "player": str(third.pk), "seed": "3", "status": "active", "joined_round": "1"}
    answer = client.post("/admin/tournaments/registration/add/", body, follow=True)
    shown = [(m.level_tag, str(m)) for m in get_messages(answer.wsgi_request)]
    assert any(tag == "error" and "already has two players" in text for tag, text in shown), shown
    assert not any(tag == "success" for tag, _ in shown), shown
