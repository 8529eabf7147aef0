"""Any unfinished game can be played: each registered engine's first legal move goes through the API."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.games.live_support import make_game
from variants.registry import get_engine, variant_keys

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("variant", variant_keys())
def test_the_listed_legal_moves_are_accepted_for_every_variant(variant):
    try:
        get_engine(variant)
    except ImportError:
        pytest.skip(f"the {variant} engine is not written yet")
    game, white, black = make_game(variant=variant)
    engine = get_engine(variant)
    if engine.rolled:
        game.start_options = engine.start_options("2-3-4")
        game.save()
    client = APIClient()
    users = {"white": white, "black": black}
    for _ in range(4):
        body = client.get(f"/api/games/{game.pk}/").json()
        client.force_authenticate(users[body["to_move"][0]["seat"]])
        response = client.post(f"/api/games/{game.pk}/moves/", {"move": body["legal_moves"][0]}, format="json")
        assert response.status_code == 200, response.json()
        client.force_authenticate(None)
    assert response.json()["status"] == "live" and response.json()["moves"]
    page = client.get(f"/games/{game.pk}/")
    assert page.status_code == 200 and "<svg" in page.content.decode()
