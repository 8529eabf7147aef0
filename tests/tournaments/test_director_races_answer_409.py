"""Two directors at once: a round deleted by one while the other publishes it, edits a board of it, enters its
results or schedules it. The second finds no round under its lock: a 409 naming the round (the state changed
under it), never ``Round.DoesNotExist`` (a 500). The view has loaded the round before the delete commits, as in
the real race; here the delete happens in between, deterministically."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

import tournaments.api_organizer.rounds as rounds_api
from tests.pages.conftest import build_spring_open
from tournaments.models import Round
from tournaments.services import publish_round
from tournaments.services.errors import Conflict

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(monkeypatch):
    built = build_spring_open()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=built.event.organizer).key}")
    found = rounds_api._round

    def deleted_after_loading(event, number, *, staff):
        rnd = found(event, number, staff=staff)
        Round.objects.filter(pk=rnd.pk).delete()  # the other director's delete commits now
        return rnd

    monkeypatch.setattr(rounds_api, "_round", deleted_after_loading)
    return built, client


def test_publishing_a_round_deleted_meanwhile_is_a_409(director):
    _, client = director
    answer = client.post("/api/events/spring-open/rounds/3/publish/")
    assert answer.status_code == 409, answer.content
    assert "deleted meanwhile" in str(answer.json()["errors"])


def test_editing_a_board_of_a_round_deleted_meanwhile_is_a_409(director):
    built, client = director
    body = {"white": built.players["Anna"].id, "black": built.players["Chloé"].id}
    answer = client.patch("/api/events/spring-open/rounds/3/boards/1/", body, format="json")
    assert answer.status_code == 409, answer.content


def test_deleting_a_round_deleted_meanwhile_is_a_409(director):
    _, client = director
    answer = client.delete("/api/events/spring-open/rounds/3/")
    assert answer.status_code == 409, answer.content


def test_the_service_refuses_a_stale_round_as_a_conflict(db):
    built = build_spring_open()
    stale = built.rounds[3]
    Round.objects.filter(pk=stale.pk).delete()
    with pytest.raises(Conflict):
        publish_round(stale)
