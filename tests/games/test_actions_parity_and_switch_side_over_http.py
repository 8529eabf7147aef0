"""Offers and claims in the two variants where "whose move" is unusual, over real HTTP.

Parity Chess: both armies seal a move each turn, so an offer or a claim is made with a sealed move, and the sealed
move stays hidden from everyone but its maker. Switch-Side Chain-Chess: an offer belongs to the person (the seat),
not the army, so it stays with its maker across a switch.
"""

from __future__ import annotations

from games.models import GameAction
from tests.games.actions_support import move, post, refused, stored
from tests.games.live_support import make_game

SEED_004_OPENING = ["b3", "d5", "g3", "e5", "Bg2", "e4", "f3", "Nf6"]  # Table 1; then 5. c3!! forms a chain


def test_a_parity_offer_is_made_with_a_sealed_move(asgi_server):
    game, white, black = make_game(variant="parity")
    before = stored(game)
    refused(post(asgi_server, white, game, "draw", {"action": "offer"}), 400, "move", "sealed move")
    assert stored(game) == before
    status, body = post(asgi_server, white, game, "draw", {"action": "offer", "move": "e4"})
    assert status == 200, body
    assert body["draw_offer"] == {"by": "white"} and body["sealed"] == {"white": True, "black": False}
    assert body["your_sealed_move"] == {"white": "e4"} and body["moves"] == []
    public = asgi_server.request("GET", f"/api/games/{game.pk}/")[1]
    assert public["draw_offer"] == {"by": "white"} and "your_sealed_move" not in public  # the offer shows, the move not
    assert public["sealed"] == {"white": True, "black": False}
    status, body = post(asgi_server, black, game, "draw", {"action": "accept"})
    assert status == 200, body
    assert body["termination"] == "agreement" and body["moves"] == []  # the turn never resolved: the start stands


def test_a_parity_offer_after_sealing_and_its_lapse_when_the_opponent_seals(asgi_server):
    game, white, black = make_game(variant="parity")
    move(asgi_server, white, game, "d4")  # sealed
    status, body = post(asgi_server, white, game, "draw", {"action": "offer"})
    assert status == 200 and body["draw_offer"] == {"by": "white"}, body
    body = move(asgi_server, black, game, "d5")  # Black seals instead of accepting: the turn resolves, the offer lapses
    assert body["moves"] == ["d4 d5"] and body["draw_offer"] is None
    assert GameAction.objects.get(game_id=game.pk).status == GameAction.Status.LAPSED


def test_a_parity_claim_waits_for_the_turn_and_lapses_when_it_does_not_hold(asgi_server):
    game, white, black = make_game(variant="parity")
    refused(post(asgi_server, white, game, "claim", {"kind": "threefold-repetition"}), 400, "move", "sealed move")
    status, body = post(asgi_server, white, game, "claim", {"kind": "threefold-repetition", "move": "Nf3"})
    assert status == 202 and body["awaiting"] == "turn", body
    assert body["game"]["claim"] == {"kind": "threefold-repetition", "by": "white", "awaiting": "turn"}
    body = move(asgi_server, black, game, "Nf6")
    assert body["moves"] == ["Nf3 Nf6"] and body["claim"] is None and body["status"] == "live"
    assert GameAction.objects.get(game_id=game.pk).status == GameAction.Status.LAPSED


def test_a_parity_claim_against_a_sealed_opponent_is_judged_at_once(asgi_server):
    game, white, black = make_game(variant="parity")
    move(asgi_server, black, game, "Nf6")
    before = stored(game)
    refused(post(asgi_server, white, game, "claim", {"kind": "fifty-moves", "move": "Nf3"}), 400, "kind", "fifty moves")
    assert stored(game) == before


def test_a_switch_side_offer_stays_with_its_person_across_a_switch(asgi_server):
    game, white, black = make_game(variant="sscc")
    for i, notation in enumerate(SEED_004_OPENING):
        move(asgi_server, white if i % 2 == 0 else black, game, notation)
    status, body = post(asgi_server, white, game, "draw", {"action": "offer", "move": "c3/S"})
    assert status == 200, body
    assert body["controllers"] == {"white": "black", "black": "white"}  # the White starter now plays Black
    assert body["draw_offer"] == {"by": "white"}  # ... and the offer is still theirs
    body = move(asgi_server, white, game, "d4")  # the same person moves again, with the other army
    assert body["draw_offer"] == {"by": "white"}
    refused(post(asgi_server, white, game, "draw", {"action": "accept"}), 409, "action", "your own offer")
    body = move(asgi_server, black, game, "cxd4")  # the other person moves (with the white army): that answers it
    assert body["draw_offer"] is None
    offer = GameAction.objects.get(game_id=game.pk)
    assert (offer.seat, offer.army, offer.status) == ("white", "black", GameAction.Status.LAPSED)
