"""A private event is hidden from the public but not from its own people (issue 25): a player reads their own
game (the API, the live page, the socket, their games page), its organizer reads its standings (API and page);
the public and a player of another game still get 404 (4403 on the socket)."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.games.sockets_support import headers_for, opened
from tests.pages.conftest import build_spring_open


@pytest.fixture
def private():
    built = build_spring_open()
    built.event.is_public = False
    built.event.save(update_fields=["is_public"])
    return built


def _api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


def _page(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.mark.django_db
def test_a_player_reads_their_own_game_and_nobody_elses(private):
    anna, ben = private.players["Anna"].user, private.players["Ben"].user
    hers = private.games["r2b2"]  # Elif - Anna, round 2 (published)
    assert _api(anna).get(f"/api/games/{hers.pk}/").status_code == 200
    assert _api().get(f"/api/games/{hers.pk}/").status_code == 404
    assert _api(ben).get(f"/api/games/{hers.pk}/").status_code == 404  # not his game
    assert _page(anna).get(f"/games/{hers.pk}/").status_code == 200
    assert _page().get(f"/games/{hers.pk}/").status_code == 404
    assert f"/games/{hers.pk}/" in _page(anna).get("/games/mine/").content.decode()
    mine = _api(anna).get("/api/me/games/").json()["results"]
    assert hers.pk in {row["id"] for row in mine}


@pytest.mark.django_db
def test_the_organizer_and_the_players_read_the_standings_and_pages_the_public_does_not(private):
    organizer, anna = private.event.organizer, private.players["Anna"].user
    for user in (organizer, anna):
        answer = _api(user).get("/api/events/spring-open/standings/")
        assert answer.status_code == 200 and answer.json()["rows"], answer.content
        assert _page(user).get("/events/spring-open/standings/").status_code == 200
        assert _api(user).get("/api/events/spring-open/").status_code == 200
    assert _api().get("/api/events/spring-open/standings/").status_code == 404
    assert _page().get("/events/spring-open/standings/").status_code == 404
    stale = APIClient()
    stale.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    assert stale.get("/api/events/spring-open/standings/").status_code == 404  # a stale token is the public


@pytest.mark.django_db(transaction=True)
def test_a_player_opens_the_socket_of_their_own_game_of_a_private_event(private):
    anna, ben = private.players["Anna"].user, private.players["Ben"].user
    hers = private.games["r2b2"]
    as_anna, as_public, as_ben = headers_for(anna), headers_for(), headers_for(ben)

    async def scenario():
        socket = await opened(f"/ws/games/{hers.pk}/", as_anna)
        first = await socket.receive_json_from(timeout=2)
        assert first["type"] == "state" and first["game"]["id"] == hers.pk, first
        await socket.disconnect()
        for headers in (as_public, as_ben):
            socket = await opened(f"/ws/games/{hers.pk}/", headers)
            assert (await socket.receive_output(timeout=2))["code"] == 4403
            await socket.disconnect()

    async_to_sync(scenario)()
