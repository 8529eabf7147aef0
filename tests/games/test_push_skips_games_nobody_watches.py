"""A game's new state goes through the Redis channel layer only to groups someone listens to (games.listeners):
a game nobody watches costs one EXISTS, not a ``group_send``; a watched one is pushed as before; any other layer,
or a Redis that does not answer the question, gets every push. Who listens is in keys of our own, kept by each
process's hub (games.fanout) as its sockets come and go.

On a private redis-server (tests/config/served.py), never the machine's shared one.
"""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from channels_redis.core import RedisChannelLayer

from games import push
from games.fanout import Hub
from games.listeners import listened, mark_listening, unmark_listening
from tests.config.served import free_port, redis_server
from tests.games.live_support import make_game

GROUPS = ["game-1-public", "game-2-public", "game-2-white"]


@pytest.fixture
def redis_url(tmp_path):
    port = free_port()
    with redis_server(port, tmp_path / "redis.log"):
        yield f"redis://127.0.0.1:{port}/0"


def test_only_groups_with_a_member_are_heard(redis_url):
    layer = RedisChannelLayer(hosts=[{"address": redis_url}], prefix="listeners-test")
    assert listened(layer, GROUPS) == set()
    first, second = async_to_sync(layer.new_channel)(), async_to_sync(layer.new_channel)()
    async_to_sync(mark_listening)(layer, "game-2-public", first)
    async_to_sync(mark_listening)(layer, "game-2-public", second)  # two processes watch the game
    assert listened(layer, GROUPS) == {"game-2-public"}
    async_to_sync(unmark_listening)(layer, "game-2-public", first)
    assert listened(layer, GROUPS) == {"game-2-public"}  # the other still listens
    async_to_sync(unmark_listening)(layer, "game-2-public", second)
    assert listened(layer, GROUPS) == set()


class Socket:
    """What the hub needs of a socket: what to send it of a message, and an outbox (unused here)."""

    def take(self, message: dict) -> str:
        return message["text"]


def test_the_hub_says_it_listens_while_a_socket_of_its_watches(redis_url):
    layer = RedisChannelLayer(hosts=[{"address": redis_url}], prefix="listeners-test")
    hub, sockets = Hub(layer), [Socket(), Socket()]

    async def scenario():
        await hub.join("game-1-public", sockets[0])
        await hub.join("game-1-public", sockets[1])
        assert listened(layer, GROUPS) == {"game-1-public"}
        await hub.leave("game-1-public", sockets[0])
        assert listened(layer, GROUPS) == {"game-1-public"}  # the other socket still watches
        await hub.leave("game-1-public", sockets[1])
        assert listened(layer, GROUPS) == set()
        await hub.stop()

    async_to_sync(scenario)()


def test_a_layer_that_cannot_be_asked_hears_every_group():
    assert listened(InMemoryChannelLayer(), GROUPS) == set(GROUPS)


def test_a_redis_that_does_not_answer_hears_every_group():
    layer = RedisChannelLayer(hosts=[{"address": f"redis://127.0.0.1:{free_port()}/0"}])  # nothing listens there
    assert listened(layer, GROUPS) == set(GROUPS)


@pytest.mark.django_db
def test_a_state_is_pushed_only_when_someone_watches(redis_url, settings, monkeypatch):
    settings.CHANNEL_LAYERS = {
        "default": {"BACKEND": "channels_redis.core.RedisChannelLayer", "CONFIG": {"hosts": [{"address": redis_url}]}}
    }
    layer = get_channel_layer()
    sent = []
    original = layer.group_send

    async def counting_send(group, message):
        sent.append((group, message["version"]))
        await original(group, message)

    monkeypatch.setattr(layer, "group_send", counting_send)
    game, _, _ = make_game(variant="chess")

    push.push_game(game)
    assert sent == []  # nobody watches: no group_send, and no state built for it
    assert not hasattr(game, "pushed_detail")

    channel = async_to_sync(layer.new_channel)()
    async_to_sync(mark_listening)(layer, push.game_group(game.pk), channel)  # as a process's hub joins
    async_to_sync(layer.group_add)(push.game_group(game.pk), channel)
    game.version += 1  # a new state (the same one is never pushed twice)
    push.push_game(game)
    assert sent == [(push.game_group(game.pk), game.version)]
    received = async_to_sync(layer.receive)(channel)
    assert received["group"] == push.game_group(game.pk) and '"type":"state"' in received["text"]
