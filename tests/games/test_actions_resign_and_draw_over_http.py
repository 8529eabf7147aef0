"""Resignation and draw offers over real HTTP (uvicorn serving config.asgi), each action and each refusal.

Every refusal is a 4xx whose body names the field and the reason, and the game (row, offers, move log) is exactly
as it was before.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model

from tests.games.actions_support import move, play, post, refused, stored
from tests.games.live_support import make_game

ONE_KNIGHT_DOWN = "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"  # Black is missing the b8 knight


def test_resigning_ends_the_game_for_the_opponent(asgi_server):
    game, white, black = make_game()
    move(asgi_server, white, game, "e4")
    status, body = post(asgi_server, black, game, "resign")
    assert status == 200, body
    assert body["result"] == "1-0" and body["termination"] == "resignation" and body["status"] == "finished"
    assert (body["white_points"], body["black_points"]) == (100.0, 0.0)  # dynamic: resignation concedes the mate
    assert body["result_status"] == "final"
    assert not body["clocks"]["white"]["running"] and not body["clocks"]["black"]["running"]


def test_resigning_a_finished_game_is_refused_and_changes_nothing(asgi_server):
    game, white, black = make_game()
    assert post(asgi_server, white, game, "resign")[0] == 200
    before = stored(game)
    refused(post(asgi_server, black, game, "resign"), 409, "game", "the game is over")
    refused(post(asgi_server, white, game, "draw", {"action": "offer"}), 409, "game", "the game is over")
    assert stored(game) == before


def test_someone_not_playing_cannot_act_and_nobody_without_a_login(asgi_server):
    game, white, _ = make_game()
    move(asgi_server, white, game, "d4")
    stranger = get_user_model().objects.create_user("kibitzer")
    before = stored(game)
    refused(post(asgi_server, stranger, game, "resign"), 403, "player", "not playing")
    refused(post(asgi_server, stranger, game, "draw", {"action": "offer"}), 403, "player", "not playing")
    refused(post(asgi_server, stranger, game, "claim", {"kind": "threefold-repetition"}), 403, "player", "not playing")
    refused(post(asgi_server, None, game, "resign"), 401, "player", "log in")
    refused(post(asgi_server, white, type(game)(pk=987654), "resign"), 404, "game", "no such game")
    assert stored(game) == before


def test_a_draw_offer_is_shown_by_seat_and_cannot_be_made_twice(asgi_server):
    game, white, black = make_game()
    move(asgi_server, white, game, "e4")
    status, body = post(asgi_server, white, game, "draw", {"action": "offer"})
    assert status == 200, body
    assert body["draw_offer"] == {"by": "white"} and body["status"] == "live"
    before = stored(game)
    refused(post(asgi_server, white, game, "draw", {"action": "offer"}), 409, "action", "already offered")
    refused(post(asgi_server, black, game, "draw", {"action": "offer"}), 409, "action", "accept or decline")
    refused(post(asgi_server, white, game, "draw", {"action": "accept"}), 409, "action", "your own offer")
    refused(post(asgi_server, white, game, "draw", {"action": "decline"}), 409, "action", "your own offer")
    assert stored(game) == before


def test_accepting_draws_the_game_and_dynamic_scoring_reads_the_material(asgi_server):
    game, white, black = make_game(start_position=ONE_KNIGHT_DOWN)
    play(asgi_server, game, white, black, ["e4", "e5"])
    assert post(asgi_server, white, game, "draw", {"action": "offer"})[0] == 200
    status, body = post(asgi_server, black, game, "draw", {"action": "accept"})
    assert status == 200, body
    assert body["termination"] == "agreement" and body["status"] == "finished" and body["draw_offer"] is None
    # White is a knight (30) up against Black's 4.5 compensation: 25.5 >= 6, a material win, 51-49 (seed 002).
    assert (body["white_points"], body["black_points"]) == (51.0, 49.0) and body["result"] == "1-0"


def test_an_agreed_draw_with_equal_material_is_a_plain_draw(asgi_server):
    game, white, black = make_game()
    play(asgi_server, game, white, black, ["e4", "e5"])
    assert post(asgi_server, black, game, "draw", {"action": "offer"})[0] == 200
    body = post(asgi_server, white, game, "draw", {"action": "accept"})[1]
    assert (body["result"], body["white_points"], body["black_points"]) == ("1/2-1/2", 50.0, 50.0)


def test_accepting_or_declining_without_an_offer_is_refused(asgi_server):
    game, white, black = make_game()
    move(asgi_server, white, game, "c4")
    before = stored(game)
    refused(post(asgi_server, black, game, "draw", {"action": "accept"}), 409, "action", "no draw offer to accept")
    refused(post(asgi_server, black, game, "draw", {"action": "decline"}), 409, "action", "no draw offer to decline")
    assert stored(game) == before


def test_a_declined_offer_is_gone_and_the_game_goes_on(asgi_server):
    game, white, black = make_game()
    move(asgi_server, white, game, "e4")
    post(asgi_server, white, game, "draw", {"action": "offer"})
    status, body = post(asgi_server, black, game, "draw", {"action": "decline"})
    assert status == 200 and body["draw_offer"] is None and body["status"] == "live"
    refused(post(asgi_server, black, game, "draw", {"action": "accept"}), 409, "action", "no draw offer")
    assert move(asgi_server, black, game, "e5")["moves"] == ["e4", "e5"]


def test_the_offer_stands_until_the_opponent_moves(asgi_server):
    game, white, black = make_game()
    move(asgi_server, white, game, "e4")
    post(asgi_server, black, game, "draw", {"action": "offer"})
    assert move(asgi_server, black, game, "e5")["draw_offer"] == {"by": "black"}  # the offerer's own move: it stands
    body = move(asgi_server, white, game, "Nf3")  # the opponent moves: that answers it
    assert body["draw_offer"] is None
    refused(post(asgi_server, white, game, "draw", {"action": "accept"}), 409, "action", "no draw offer")


def test_an_offer_can_be_made_with_the_move(asgi_server):
    game, white, black = make_game()
    status, body = post(asgi_server, white, game, "draw", {"action": "offer", "move": "e4"})
    assert status == 200, body
    assert body["moves"] == ["e4"] and body["draw_offer"] == {"by": "white"} and body["turn"] == "black"


BAD_DRAWS = [
    ({"action": "maybe"}, "action"),
    ({}, "action"),
    ({"action": "accept", "move": "e5"}, "move"),
    ({"action": "offer", "move": 5}, "move"),
    ({"action": "offer", "move": "Ke2"}, "move"),  # illegal with the offer: neither is made
    ({"action": "offer", "client_id": ["x"]}, "client_id"),
    ("not json", "action"),
    (["offer"], "action"),
]


def test_bad_draw_input_names_the_field_and_changes_nothing(asgi_server):
    game, white, black = make_game()
    move(asgi_server, white, game, "e4")
    before = stored(game)
    for payload, field in BAD_DRAWS:
        status, body = post(asgi_server, black, game, "draw", payload)
        assert 400 <= status < 500 and field in body["errors"], (payload, body)
        assert stored(game) == before, payload
