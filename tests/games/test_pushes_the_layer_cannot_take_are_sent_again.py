"""A push the channel layer cannot take (Redis down or restarting) is kept and sent again once Redis answers:
of a game only the newest state per group, of an event every news item in order (games.resend). No database, no
Redis: a layer that fails until told otherwise."""

from __future__ import annotations

import asyncio

import redis

import games.resend as resend
from games.push import EVENT_MESSAGE, GAME_MESSAGE


class FlakyLayer:
    hosts = [{"address": "redis://nowhere"}]

    def __init__(self) -> None:
        self.up, self.sent = False, []

    def connection(self, index: int):
        return self

    async def ping(self) -> bool:
        if not self.up:
            raise redis.ConnectionError("down")
        return True

    async def group_send(self, group: str, message: dict) -> None:
        await self.ping()
        self.sent.append((group, message["n"]))


def test_kept_pushes_are_sent_once_the_layer_answers(monkeypatch):
    monkeypatch.setattr(resend, "RETRY_SECONDS", 0.01)
    monkeypatch.setattr(resend, "SETTLE_SECONDS", 0.01)

    async def scenario() -> list:
        layer = FlakyLayer()
        kept = resend.resender(layer)
        for n in range(3):
            kept.keep("game-1-public", {"type": GAME_MESSAGE, "n": n}, newest_only=True)
            kept.keep("event-1", {"type": EVENT_MESSAGE, "n": n}, newest_only=False)
        await asyncio.sleep(0.1)
        assert layer.sent == []  # still down: kept
        layer.up = True
        await asyncio.sleep(0.2)
        return layer.sent

    assert asyncio.run(scenario()) == [("game-1-public", 2), ("event-1", 0), ("event-1", 1), ("event-1", 2)]
