"""A retried move with the same client_id returns the same answer and is applied once."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.games.live_support import make_game

pytestmark = pytest.mark.django_db


def test_the_same_client_id_twice_applies_the_move_once():
    game, white, _ = make_game()
    client = APIClient()
    client.force_authenticate(white)
    first = client.post(f"/api/games/{game.pk}/moves/", {"move": "e4", "client_id": "abc-1"}, format="json")
    again = client.post(f"/api/games/{game.pk}/moves/", {"move": "e4", "client_id": "abc-1"}, format="json")
    assert first.status_code == again.status_code == 200
    assert first.json()["moves"] == again.json()["moves"] == ["e4"]
    assert again.json()["duplicate"] is True and again.json()["move"] == "e4"
    assert first.json()["version"] == again.json()["version"]
    assert game.move_log.count() == 1


def test_a_client_id_cannot_be_replayed_by_the_opponent():
    game, white, black = make_game()
    client = APIClient()
    client.force_authenticate(white)
    client.post(f"/api/games/{game.pk}/moves/", {"move": "e4", "client_id": "mine"}, format="json")
    client.force_authenticate(black)
    response = client.post(f"/api/games/{game.pk}/moves/", {"move": "e5", "client_id": "mine"}, format="json")
    assert response.status_code == 409 and "client_id" in response.json()["errors"]
