"""A correction after publication is announced on the event socket (``round-corrected``) and each player it
concerns hears where they play now (``your-game-changed``)."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async

from tests.games.sockets_support import headers_for, opened
from tests.games.test_sockets_announce_an_events_news import event_with_accounts, next_of
from tournaments.services import pair_round, publish_round, swap_colours

pytestmark = pytest.mark.django_db(transaction=True)


def test_swapping_colours_after_publication_is_announced_to_the_event_and_the_players():
    event, organizer, (first, second) = event_with_accounts("fixy")
    rnd = publish_round(pair_round(event, 1, by=organizer), by=organizer)
    game = rnd.games.select_related("white", "black").get()
    opponent, as_public, as_player = game.black.name, headers_for(), headers_for(game.white.user)

    async def scenario():
        public = await opened(f"/ws/events/{event.slug}/", as_public)
        player = await opened(f"/ws/events/{event.slug}/", as_player)
        await database_sync_to_async(lambda: swap_colours(game, by=organizer))()
        news = await next_of(public, "round-corrected")
        assert news["round"] == 1 and "Colours swapped on board 1" in news["text"]
        mine = await next_of(player, "your-game-changed")
        assert (mine["board"], mine["seat"], mine["game"], mine["opponent"]) == (1, "black", game.pk, opponent)
        await public.disconnect()
        await player.disconnect()

    async_to_sync(scenario)()
