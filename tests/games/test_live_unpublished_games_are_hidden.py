"""Pairings of a round not yet published are not public: not in the API, not on the live page."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.games.live_support import make_game

pytestmark = pytest.mark.django_db


def test_the_public_and_the_players_cannot_see_an_unpublished_game():
    game, white, _ = make_game(variant="chess", round_status="paired")
    assert APIClient().get(f"/api/games/{game.pk}/").status_code == 404
    assert Client().get(f"/games/{game.pk}/").status_code == 404
    player = APIClient()
    player.force_authenticate(white)
    assert player.get(f"/api/games/{game.pk}/").status_code == 404


def test_the_organizer_sees_an_unpublished_game():
    game, _, _ = make_game(variant="chess", round_status="paired")
    organizer = APIClient()
    organizer.force_authenticate(game.round.event.organizer)
    response = organizer.get(f"/api/games/{game.pk}/")
    assert response.status_code == 200
    assert response.json()["white"]["name"] == game.white.name


def test_a_stored_game_that_does_not_replay_is_a_409_naming_the_game():
    game, _, _ = make_game(variant="chess")
    game.moves = ["e4", "e4"]  # edited by hand: the second e4 is impossible
    game.save()
    response = APIClient().get(f"/api/games/{game.pk}/")
    assert response.status_code == 409
    assert "game" in response.json()["errors"]
