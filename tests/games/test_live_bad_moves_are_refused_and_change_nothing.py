"""Bad input: a 4xx whose JSON body names the field and the reason; the game stays exactly as it was."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from tests.games.live_support import make_game, use_toy_parity
from tournaments.models import Game

pytestmark = pytest.mark.django_db


def post(user, game, payload):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client.post(f"/api/games/{game.pk}/moves/", payload, format="json")


def snapshot(game):
    game = Game.objects.get(pk=game.pk)
    return game.version, list(game.moves), game.position, game.clock, game.move_log.count(), game.status


def assert_refused(response, status, field):
    assert response.status_code == status, response.content
    body = response.json()
    assert field in body["errors"], body
    assert body["detail"]


def test_an_illegal_move_names_the_move():
    game, white, _ = make_game()
    before = snapshot(game)
    response = post(white, game, {"move": "e5"})
    assert_refused(response, 400, "move")
    assert "illegal" in response.json()["detail"]
    assert snapshot(game) == before


def test_a_move_out_of_turn_is_refused():
    game, white, black = make_game()
    assert post(white, game, {"move": "e4"}).status_code == 200
    before = snapshot(game)
    assert_refused(post(white, game, {"move": "d4"}), 409, "turn")
    assert snapshot(game) == before


def test_a_move_by_someone_not_playing_is_forbidden():
    game, _, _ = make_game()
    stranger = get_user_model().objects.create_user("stranger")
    before = snapshot(game)
    assert_refused(post(stranger, game, {"move": "e4"}), 403, "player")
    assert snapshot(game) == before


def test_an_anonymous_move_is_refused():
    game, _, _ = make_game()
    assert post(None, game, {"move": "e4"}).status_code in (401, 403)


def test_a_move_on_a_finished_game_is_refused():
    game, white, black = make_game()
    for user, move in ((white, "f3"), (black, "e5"), (white, "g4"), (black, "Qh4#")):
        post(user, game, {"move": move})
    before = snapshot(game)
    assert_refused(post(white, game, {"move": "a3"}), 409, "game")
    assert snapshot(game) == before


def test_a_switch_claim_without_a_chain_is_refused():
    game, white, _ = make_game(variant="sscc")
    before = snapshot(game)
    response = post(white, game, {"move": "e4/S"})
    assert_refused(response, 400, "move")
    assert snapshot(game) == before


def test_a_missing_or_oversized_move_names_the_field():
    game, white, _ = make_game()
    assert_refused(post(white, game, {}), 400, "move")
    assert_refused(post(white, game, {"move": "e4", "client_id": "x" * 65}), 400, "client_id")
    assert_refused(post(white, game, {"move": "e" * 41}), 400, "move")


def test_a_game_of_an_unpublished_round_cannot_be_played():
    # 404, as a read answers: a player must not learn of a pairing before it is published (issue 17).
    game, white, _ = make_game(round_status="paired")
    before = snapshot(game)
    assert_refused(post(white, game, {"move": "e4"}), 404, "game")
    assert snapshot(game) == before


def test_a_second_sealed_move_in_one_parity_turn_is_refused(monkeypatch):
    use_toy_parity(monkeypatch)
    game, white, _ = make_game(variant="parity")
    assert post(white, game, {"move": "e4"}).status_code == 200
    before = snapshot(game)
    assert_refused(post(white, game, {"move": "d4"}), 409, "move")
    assert snapshot(game) == before


def test_an_unknown_game_is_a_404():
    assert APIClient().get("/api/games/999999/").status_code == 404


def test_an_id_beyond_the_database_range_is_a_404_not_a_crash():
    game, white, _ = make_game()
    huge = 2**70
    assert APIClient().get(f"/api/games/{huge}/").status_code == 404
    assert post(white, type("G", (), {"pk": huge})(), {"move": "e4"}).status_code == 404


def test_malformed_json_names_the_field_and_changes_nothing():
    game, white, _ = make_game()
    client = APIClient()
    client.force_authenticate(white)
    before = snapshot(game)
    response = client.post(f"/api/games/{game.pk}/moves/", "{move: e4", content_type="application/json")
    assert_refused(response, 400, "move")
    assert "JSON" in response.json()["detail"]
    assert snapshot(game) == before


def test_a_body_that_is_not_json_names_the_field():
    game, white, _ = make_game()
    client = APIClient()
    client.force_authenticate(white)
    assert_refused(client.post(f"/api/games/{game.pk}/moves/", "e4", content_type="text/plain"), 415, "move")


def test_a_move_without_login_or_with_a_bad_token_names_the_field():
    game, _, _ = make_game()
    before = snapshot(game)
    response = APIClient().post(f"/api/games/{game.pk}/moves/", {"move": "e4"}, format="json")
    assert_refused(response, 401, "player")
    assert response["WWW-Authenticate"] == "Token"
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    assert_refused(client.post(f"/api/games/{game.pk}/moves/", {"move": "e4"}, format="json"), 401, "token")
    assert snapshot(game) == before
