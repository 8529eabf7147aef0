"""A game played move by move over the API: the detail, the clocks, the end found by the engine, the score."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.games.live_support import make_game

pytestmark = pytest.mark.django_db


def post(client, user, game, move, **extra):
    client.force_authenticate(user)
    return client.post(f"/api/games/{game.pk}/moves/", {"move": move, **extra}, format="json")


def test_the_detail_is_public_and_names_players_turn_clocks_and_legal_moves():
    game, white, _ = make_game()
    body = APIClient().get(f"/api/games/{game.pk}/").json()
    # The public state names players as the event shows them, never by their login (issue 25).
    assert body["white"] == {"id": game.white.pk, "name": game.white.name, "rating": 2000}
    assert body["black"]["name"] == game.black.name and white.username not in str(body)
    assert body["variant"] == "sscc"
    assert body["turn"] == "white"
    assert "e4" in body["legal_moves"] and len(body["legal_moves"]) == 20
    assert body["moves"] == [] and body["result"] == "" and body["status"] == "scheduled"
    assert body["clocks"]["white"]["remaining_ms"] == 300_000 and not body["clocks"]["white"]["running"]
    assert body["event"] == game.round.event.slug and body["round"] == 1
    assert body["position"].startswith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w")


def test_the_first_move_starts_the_game_and_the_opponents_clock():
    game, white, _ = make_game()
    response = post(APIClient(), white, game, "e4")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["moves"] == ["e4"] and body["turn"] == "black" and body["status"] == "live"
    assert body["clocks"]["black"]["running"] and not body["clocks"]["white"]["running"]
    # Fischer: the increment is credited for the completed first move.
    assert body["clocks"]["white"]["remaining_ms"] == 302_000
    assert body["clocks"]["black"]["flag_at"] is not None


def test_a_legal_move_from_the_list_is_accepted_in_the_same_notation_and_uci_too():
    game, white, black = make_game()
    client = APIClient()
    listed = client.get(f"/api/games/{game.pk}/").json()["legal_moves"]
    assert post(client, white, game, listed[0]).status_code == 200
    assert post(client, black, game, "e7e5").json()["moves"][-1] == "e5"


def test_checkmate_ends_the_game_and_scores_it_for_the_seat_that_won():
    game, white, black = make_game()
    client = APIClient()
    for user, move in ((white, "f3"), (black, "e5"), (white, "g4"), (black, "Qh4#")):
        response = post(client, user, game, move)
        assert response.status_code == 200, response.json()
    body = response.json()
    assert body["result"] == "0-1" and body["termination"] == "checkmate" and body["status"] == "finished"
    assert body["result_status"] == "final"
    assert body["black_points"] is not None and body["black_points"] > body["white_points"]
    assert body["legal_moves"] == [] and not body["clocks"]["black"]["running"]
    game.refresh_from_db()
    assert game.flag_deadline is None and game.move_log.count() == 4


def test_token_authentication_is_accepted_for_moves():
    from rest_framework.authtoken.models import Token

    game, white, _ = make_game()
    token = Token.objects.create(user=white)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert client.post(f"/api/games/{game.pk}/moves/", {"move": "d4"}, format="json").status_code == 200


def test_a_bad_or_inactive_token_is_refused():
    from rest_framework.authtoken.models import Token

    game, white, _ = make_game()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    assert client.post(f"/api/games/{game.pk}/moves/", {"move": "d4"}, format="json").status_code == 401
    token = Token.objects.create(user=white)
    white.is_active = False
    white.save()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert client.post(f"/api/games/{game.pk}/moves/", {"move": "d4"}, format="json").status_code == 401
    game.refresh_from_db()
    assert game.moves == []
