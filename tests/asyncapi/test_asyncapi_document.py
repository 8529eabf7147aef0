"""``GET /api/asyncapi.yaml`` is an AsyncAPI 3 document (checked against the official AsyncAPI 3.0.0 JSON Schema)
whose references all resolve, and every message the sockets send validates against its payload schema: a game's
states (moves, an offer, a claim, Parity's sealed moves, the end), pongs and errors, and an event's news."""

from __future__ import annotations

import pytest
import yaml
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.contrib.auth import get_user_model
from django.test import Client

from tests.asyncapi.support import check_message, document, official_validator
from tests.games.live_support import make_game, use_toy_parity
from tests.games.sockets_support import api_post, headers_for, opened
from tests.tournaments.helpers import make_event
from tournaments.models import Event
from tournaments.services import pair_round, publish_round
from tournaments.services.results import record_result


def refs(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref":
                yield value
            else:
                yield from refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from refs(value)


def resolve(doc: dict, ref: str):
    node = doc
    for part in ref.removeprefix("#/").split("/"):
        node = node[part.replace("~1", "/").replace("~0", "~")]
    return node


@pytest.mark.django_db
def test_the_served_document_is_a_valid_asyncapi_3_document_whose_references_resolve():
    response = Client().get("/api/asyncapi.yaml")
    assert response.status_code == 200 and response["Content-Type"].startswith("application/yaml")
    served = yaml.safe_load(response.content)
    assert served == document() and served["asyncapi"].startswith("3.")
    errors = [f"{list(e.absolute_path)}: {e.message[:200]}" for e in official_validator().iter_errors(served)]
    assert not errors, errors
    for ref in refs(served):
        assert ref.startswith("#/"), ref
        resolve(served, ref)  # a KeyError names a reference to nothing
    assert {"/ws/games/{id}/", "/ws/events/{slug}/"} == {c["address"] for c in served["channels"].values()}


def test_the_check_catches_a_document_that_is_not_asyncapi_3():
    broken = dict(document(), operations={"x": {"action": "publish", "channel": {"$ref": "#/channels/game"}}})
    assert list(official_validator().iter_errors(broken))


def test_a_message_the_document_does_not_describe_fails_the_message_check():
    with pytest.raises(AssertionError):
        check_message("game", {"type": "state", "game": {"id": 1}})
    with pytest.raises(AssertionError):
        check_message("event", {"type": "gossip"})


@pytest.mark.django_db(transaction=True)
def test_every_game_message_sent_validates(monkeypatch):
    use_toy_parity(monkeypatch)
    chess, white, black = make_game(variant="chess")
    parity, p_white, p_black = make_game(variant="parity")
    seen: list[str] = []
    as_p_white = headers_for(p_white)

    async def scenario():
        watchers = [
            await opened(f"/ws/games/{chess.pk}/", headers_for()),
            await opened(f"/ws/games/{parity.pk}/", as_p_white),
            await opened(f"/ws/games/{parity.pk}/", headers_for()),
        ]
        for socket in watchers:
            seen.append(await socket.receive_from(timeout=2))
        steps = [
            (white, chess, "moves/", {"move": "e4"}),
            (black, chess, "draw/", {"action": "offer", "move": "e5"}),
            (white, chess, "draw/", {"action": "decline"}),
            (white, chess, "moves/", {"move": "Qh5"}),
            (black, chess, "moves/", {"move": "Nc6"}),
            (white, chess, "claim/", {"kind": "perpetual-check", "move": "Qxf7+"}),
            (black, chess, "moves/", {"move": "Kxf7"}),
            (white, chess, "resign/", None),
            (p_white, parity, "moves/", {"move": "Nh3"}),
            (p_black, parity, "moves/", {"move": "e5"}),
            (p_black, parity, "resign/", None),
        ]
        for user, game, action, body in steps:
            answer = await database_sync_to_async(api_post)(user, f"/api/games/{game.pk}/{action}", body)
            assert answer.status_code in (200, 202), (action, body, answer.json())
        for socket in watchers:
            while not await socket.receive_nothing(timeout=0.3):
                seen.append(await socket.receive_from(timeout=1))
            await socket.send_to(text_data='{"type": "ping"}')
            await socket.send_to(text_data='{"type": "move"}')
            seen.extend([await socket.receive_from(timeout=1), await socket.receive_from(timeout=1)])
            await socket.disconnect()

    async_to_sync(scenario)()
    messages = [check_message("game", text) for text in seen]
    states = [m["game"] for m in messages if m["type"] == "state"]
    assert {"pong", "error"} <= {m["type"] for m in messages}
    assert any(s["draw_offer"] for s in states) and any(s["claim"] for s in states)
    assert any("your_sealed_move" in s for s in states) and any(s["state"] == "final" for s in states)


@pytest.mark.django_db(transaction=True)
def test_every_event_message_sent_validates():
    event, organizer, players = make_event(2, slug="asyncapi-news", rounds=1, status=Event.Status.RUNNING)
    for player in players:
        player.user = get_user_model().objects.create_user(f"asyncapi-{player.pk}")
        player.save()
    seen: list[str] = []
    as_player = headers_for(players[0].user)

    async def scenario():
        socket = await opened(f"/ws/events/{event.slug}/", as_player)

        def publish_and_finish():
            rnd = publish_round(pair_round(event, 1, by=organizer), by=organizer)
            record_result(rnd.games.get(), result="1-0", termination="resignation", by=organizer)

        await database_sync_to_async(publish_and_finish)()
        while not await socket.receive_nothing(timeout=0.5):
            seen.append(await socket.receive_from(timeout=1))
        await socket.disconnect()

    async_to_sync(scenario)()
    kinds = {check_message("event", text)["type"] for text in seen}
    assert kinds == {"round-published", "your-game", "result-final", "standings-updated"}
