"""The board editor's JSON (/games/{id}/board-editor/): it starts from the game's last position when it was played
here, else its start (a Random Variant Chess game's rolled array); the position set up comes back as the engine
writes it with each side's material and the points the event's scoring gives; a board the engine would not play
is a 400 naming ``position``; only the players and the event's arbiters may use it."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from tests.scoring import db
from variants.registry import get_engine

pytestmark = pytest.mark.django_db
URL = "/games/{}/board-editor/"


@pytest.fixture
def rvc_game():
    organizer = db.user("director")
    ev = db.event(scoring="dynamic", variant_key="rvc", organizer=organizer)
    anna, bert = db.user("anna"), db.user("bert")
    white = db.player("Anna", account=anna, ev=ev)
    black = db.player("Bert", account=bert, ev=ev)
    options = get_engine("rvc").start_options("2-4-4")
    game = db.game(ev, white, black, start_options=options)
    return game, anna, bert, organizer


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _post(client, game, body) -> tuple[int, dict]:
    response = client.post(URL.format(game.pk), json.dumps(body), content_type="application/json")
    return response.status_code, response.json()


def test_the_editor_starts_from_the_rolled_array_with_its_figures(rvc_game):
    game, anna, _, _ = rvc_game
    body = _client(anna).get(URL.format(game.pk)).json()
    engine = get_engine("rvc")
    start = engine.squares(engine.start_position(**game.start_options))
    assert (body["files"], body["ranks"], body["turn"], body["source"]) == (12, 8, "white", "start")
    expected = {(p.square, p.color, p.figure) for p in start.pieces}
    assert {(p["square"], p["color"], p["figure"]) for p in body["pieces"]} == expected
    palette = {(p["figure"], p["color"]) for p in body["palette"]}
    assert palette == {(p.figure, p.color) for p in start.pieces}
    assert body["palette"][0]["figure"] == "King" and body["palette"][0]["url"].endswith("pieces/white/King.svg")


def test_a_game_played_here_starts_from_its_last_position(rvc_game):
    game, anna, _, _ = rvc_game
    game.moves, game.position = ["e3"], "k11/12/12/12/12/12/12/K11 b - - 0 1"
    game.save()
    body = _client(anna).get(URL.format(game.pk)).json()
    assert (body["source"], body["turn"]) == ("live", "black")
    assert {p["square"] for p in body["pieces"]} == {"a8", "a1"}


def test_the_set_up_position_gives_material_and_the_scorings_verdict(rvc_game):
    game, anna, _, _ = rvc_game
    pieces = [{"square": "f1", "color": "white", "figure": "King"}, {"square": "f8", "color": "black", "figure": "King"},
              {"square": "a1", "color": "white", "figure": "Rook"}]  # fmt: skip
    claim = {"result": "1/2-1/2", "termination": "agreement"}
    status, body = _post(_client(anna), game, {"pieces": pieces, "turn": "black", **claim})
    assert status == 200, body
    assert body["position"] == "5k6/12/12/12/12/12/12/R4K6 b - - 0 1 4"
    assert body["material"] == {"white": 50.0, "black": 0.0}
    assert body["points"] == {"white": 51.0, "black": 49.0}  # material superiority under dynamic scoring
    status, body = _post(_client(anna), game, {"pieces": pieces, "turn": "black"})
    assert status == 200 and body["points"] is None  # no ending chosen yet: material only


def test_a_board_the_engine_would_not_play_is_a_400_naming_the_position(rvc_game):
    game, anna, _, _ = rvc_game
    status, body = _post(_client(anna), game, {"pieces": [{"square": "f1", "color": "white", "figure": "King"}]})
    assert status == 400 and "black must have exactly one King" in body["errors"]["position"][0]
    status, body = _post(_client(anna), game, {"pieces": "nonsense"})
    assert status == 400 and "position" in body["errors"]
    response = _client(anna).post(URL.format(game.pk), "{", content_type="application/json")
    assert response.status_code == 400 and "body" in response.json()["errors"]


def test_only_the_players_and_the_arbiters_may_use_it(rvc_game):
    game, anna, bert, organizer = rvc_game
    assert _client(bert).get(URL.format(game.pk)).status_code == 200
    assert _client(organizer).get(URL.format(game.pk)).status_code == 200
    assert _client(db.user("stranger")).get(URL.format(game.pk)).status_code == 403
    assert Client().get(URL.format(game.pk)).status_code == 401
    assert _client(anna).get(URL.format(10**6)).status_code == 404
    game.round.status = "paired"
    game.round.save()
    assert _client(anna).get(URL.format(game.pk)).status_code == 404
    assert _client(organizer).get(URL.format(game.pk)).status_code == 200


def test_a_twilight_game_starts_with_its_reserves_and_counts_them():
    ev = db.event(scoring="dynamic", variant_key="twilight", organizer=db.user("td"))
    anna = db.user("tanna")
    game = db.game(ev, db.player("Anna", account=anna, ev=ev), db.player("Bert", account=db.user("tbert"), ev=ev))
    game.moves, game.position = ["b1@N"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[N] b KQkq - 1 1"
    game.save()
    body = _client(anna).get(URL.format(game.pk)).json()
    assert body["reserve"] == [{"color": "white", "figure": "Knight"}] and body["source"] == "live"
    kings = [{"square": "e1", "color": "white", "figure": "King"}, {"square": "e8", "color": "black", "figure": "King"}]
    reserve = [{"color": "black", "figure": "Queen"}]
    status, body = _post(_client(anna), game, {"pieces": kings, "turn": "white", "reserve": reserve})
    assert status == 200 and body["position"] == "4k3/8/8/8/8/8/8/4K3[q] w - - 0 1"
    assert body["material"] == {"white": 0.0, "black": 90.0}
    cleo = db.user("cleo")
    chess = db.game(db.event(variant_key="chess"), db.player(account=cleo), db.player())
    assert _client(cleo).get(URL.format(chess.pk)).json()["reserve"] is None
