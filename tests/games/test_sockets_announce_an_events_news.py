"""``/ws/events/{slug}/``: round-published, result-final and standings-updated to everyone watching the event, and
``your-game`` to each logged-in player whose game of the new round is ready; 4404/4403 for unknown or hidden events.
"""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.contrib.auth import get_user_model

from tests.games.sockets_support import headers_for, opened
from tests.tournaments.helpers import make_event
from tournaments.models import Event
from tournaments.services import pair_round, publish_round
from tournaments.services.results import record_result

pytestmark = pytest.mark.django_db(transaction=True)


def event_with_accounts(slug: str):
    event, organizer, players = make_event(2, slug=slug, rounds=1, status=Event.Status.RUNNING)
    users = []
    for player in players:
        player.user = get_user_model().objects.create_user(f"{slug}-{player.pk}")
        player.save()
        users.append(player.user)
    return event, organizer, users


async def next_of(socket, kind: str) -> dict:
    """The next message of type ``kind`` (skipping others), within a second."""
    while True:
        message = await socket.receive_json_from(timeout=1)
        if message["type"] == kind:
            return message


def test_publishing_a_round_is_announced_and_each_player_hears_of_their_game():
    event, organizer, (first, second) = event_with_accounts("newsy")
    as_first = headers_for(first)

    async def scenario():
        public = await opened(f"/ws/events/{event.slug}/", headers_for())
        player = await opened(f"/ws/events/{event.slug}/", as_first)

        def publish():
            rnd = publish_round(pair_round(event, 1, by=organizer), by=organizer)
            return rnd.games.select_related("white", "black").get()

        game = await database_sync_to_async(publish)()
        announced = await public.receive_json_from(timeout=1)
        assert announced == {"type": "round-published", "event": "newsy", "round": 1, "url": "/events/newsy/rounds/1/"}
        assert await public.receive_nothing(timeout=0.2)  # nobody else's game is told to the public
        mine = [await player.receive_json_from(timeout=1) for _ in range(2)]
        assert {m["type"] for m in mine} == {"round-published", "your-game"}
        yours = next(m for m in mine if m["type"] == "your-game")
        seat = "white" if game.white.user_id == first.pk else "black"
        other = game.black if seat == "white" else game.white
        assert yours == {"type": "your-game", "event": "newsy", "round": 1, "board": 1, "game": game.pk, "seat": seat,
                         "army": seat, "opponent": other.name, "url": f"/games/{game.pk}/"}  # fmt: skip

        await database_sync_to_async(record_result)(game, result="1-0", termination="resignation", by=organizer)
        final = await next_of(public, "result-final")
        assert (final["game"], final["result"], final["white_points"], final["black_points"]) == (game.pk, "1-0", 100.0, 0.0)
        assert (await next_of(public, "standings-updated"))["url"] == "/events/newsy/standings/"
        for socket in (public, player):
            await socket.disconnect()

    async_to_sync(scenario)()


def test_unknown_and_hidden_events_close_with_4404_and_4403():
    make_event(2, slug="secret", rounds=1, status=Event.Status.RUNNING, is_public=False)

    async def scenario():
        for path, code in (("/ws/events/no-such-event/", 4404), ("/ws/events/secret/", 4403)):
            socket = await opened(path, headers_for())
            assert await socket.receive_output(timeout=2) == {"type": "websocket.close", "code": code}, path
            await socket.disconnect()

    async_to_sync(scenario)()
