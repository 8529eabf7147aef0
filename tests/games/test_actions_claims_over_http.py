"""Claims over real HTTP: threefold repetition, the fifty-move rule, perpetual check (docs/rules/game-actions.md).

A claim the position supports ends the game (200); one it does not is a 400 with the reason and the game as it was;
a perpetual-check claim that no repetition proves waits for the opponent (202), who may concede it or refuse it,
and then for the arbiter, who decides in the admin.
"""

from __future__ import annotations

from django.test import Client

from games.models import GameAction
from tests.games.actions_support import move, play, post, refused, stored
from tests.games.live_support import make_game
from tournaments.models import Game, PairingChange

KNIGHTS_OUT_AND_BACK = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]  # the next Ng8 repeats the start a third time
NINETY_NINE_QUIET = "4k3/8/8/8/8/8/7P/R3K3 w - - 99 60"  # the next quiet move is the hundredth half-move
# The White queen checks from f8 and f5 while the Black king goes h7-h8 (a queen on a6 keeps Black's material).
CHECKING = "5Q1k/6p1/q6p/8/8/8/5PPP/6K1 b - - 0 1"
CHECK_CYCLE = ["Kh7", "Qf5+", "Kh8", "Qf8+", "Kh7", "Qf5+", "Kh8"]  # Black first; White's next Qf8+ repeats thrice


def play_from_black(server, game, white, black, moves):
    for i, notation in enumerate(moves):
        move(server, black if i % 2 == 0 else white, game, notation)


def test_threefold_is_claimed_with_the_move_that_repeats(asgi_server):
    game, white, black = make_game()
    play(asgi_server, game, white, black, KNIGHTS_OUT_AND_BACK)
    before = stored(game)
    refused(post(asgi_server, black, game, "claim", {"kind": "threefold-repetition"}), 400, "kind", "not occurred three times")
    refused(post(asgi_server, black, game, "claim", {"kind": "threefold-repetition", "move": "Nh5"}), 400, "kind", "after Nh5")
    refused(post(asgi_server, white, game, "claim", {"kind": "threefold-repetition", "move": "Nf3"}), 409, "turn")
    assert stored(game) == before
    status, body = post(asgi_server, black, game, "claim", {"kind": "threefold-repetition", "move": "Ng8"})
    assert status == 200, body
    assert body["termination"] == "threefold-repetition" and body["status"] == "finished"
    assert body["moves"][-1] == "Ng8" and (body["white_points"], body["black_points"]) == (50.0, 50.0)
    assert GameAction.objects.get(game_id=game.pk).status == GameAction.Status.ACCEPTED


def test_fifty_moves_are_claimed_with_the_move_that_completes_them(asgi_server):
    game, white, black = make_game(start_position=NINETY_NINE_QUIET)
    before = stored(game)
    refused(post(asgi_server, white, game, "claim", {"kind": "fifty-moves"}), 400, "kind", "fifty moves")
    refused(post(asgi_server, white, game, "claim", {"kind": "fifty-moves", "move": "h3"}), 400, "kind", "after h3")
    refused(post(asgi_server, white, game, "claim", {"kind": "fifty-moves", "move": "Ra9"}), 400, "move")
    assert stored(game) == before
    status, body = post(asgi_server, white, game, "claim", {"kind": "fifty-moves", "move": "Ra2"})
    assert status == 200, body
    assert body["termination"] == "fifty-moves" and body["result"] == "1-0"  # dynamic: a rook and a pawn up, 51-49
    assert (body["white_points"], body["black_points"]) == (51.0, 49.0)


def test_perpetual_check_proved_by_the_repetition_ends_the_game_at_once(asgi_server):
    game, white, black = make_game(variant="chess", start_position=CHECKING)
    play_from_black(asgi_server, game, white, black, CHECK_CYCLE)
    status, body = post(asgi_server, white, game, "claim", {"kind": "perpetual-check", "move": "Qf8+"})
    assert status == 200, body
    assert body["termination"] == "perpetual-check" and body["status"] == "finished"
    assert (body["white_points"], body["black_points"]) == (52.0, 48.0)  # seed 002: White checks, 52-48


def test_a_perpetual_claim_needs_a_checking_move_by_the_claimant(asgi_server):
    game, white, black = make_game(variant="chess", start_position=CHECKING)
    move(asgi_server, black, game, "Kh7")
    before = stored(game)
    refused(post(asgi_server, white, game, "claim", {"kind": "perpetual-check"}), 400, "kind", "right after a checking move")
    refused(post(asgi_server, black, game, "claim", {"kind": "perpetual-check"}), 400, "kind", "did not give check")
    not_a_check = {"kind": "perpetual-check", "move": "g3"}
    refused(post(asgi_server, white, game, "claim", not_a_check), 400, "kind", "does not give check")
    assert stored(game) == before


def test_the_opponent_may_concede_a_perpetual_claim(asgi_server):
    game, white, black = make_game(start_position=CHECKING)
    play_from_black(asgi_server, game, white, black, ["Kh7", "Qf5+"])
    status, body = post(asgi_server, white, game, "claim", {"kind": "perpetual-check"})
    assert status == 202, body
    assert body["status"] == "pending" and body["awaiting"] == "opponent"
    assert body["game"]["claim"] == {"kind": "perpetual-check", "by": "white", "awaiting": "opponent"}
    refused(post(asgi_server, white, game, "claim", {"kind": "perpetual-check", "action": "concede"}), 409, "action", "own claim")
    refused(post(asgi_server, white, game, "claim", {"kind": "perpetual-check"}), 409, "kind", "already waiting")
    status, body = post(asgi_server, black, game, "claim", {"kind": "perpetual-check", "action": "concede"})
    assert status == 200, body
    assert body["termination"] == "perpetual-check" and (body["white_points"], body["black_points"]) == (52.0, 48.0)


def test_a_refused_perpetual_claim_goes_to_the_arbiter_who_decides_in_the_admin(asgi_server):
    game, white, black = make_game(start_position=CHECKING)
    play_from_black(asgi_server, game, white, black, ["Kh7", "Qf5+"])
    assert post(asgi_server, white, game, "claim", {"kind": "perpetual-check"})[0] == 202
    status, body = post(asgi_server, black, game, "claim", {"kind": "perpetual-check", "action": "refuse"})
    assert status == 202 and body["awaiting"] == "arbiter", body
    claim = GameAction.objects.get(game_id=game.pk)
    assert claim.status == GameAction.Status.ARBITER and claim.moves == ["Kh7", "Qf5+"] and claim.army == "white"
    move(asgi_server, black, game, "Kh8")  # play goes on meanwhile

    organizer = game.round.event.organizer
    organizer.is_staff = True  # what the admin asks of every organizer; the event's role does the rest
    organizer.save()
    arbiter = Client()
    arbiter.force_login(organizer)
    queue = arbiter.get("/admin/games/gameaction/?status__exact=arbiter")
    assert queue.status_code == 200 and "Kh7 Qf5+" in queue.content.decode()
    answer = arbiter.post("/admin/games/gameaction/", {"action": "uphold_claims", "_selected_action": [claim.pk]})
    assert answer.status_code == 302
    ended = Game.objects.get(pk=game.pk)
    assert ended.termination == "perpetual-check" and (ended.white_points, ended.black_points) == (52, 48)
    assert GameAction.objects.get(pk=claim.pk).decided_by is not None


def test_the_opponent_playing_on_sends_the_claim_to_the_arbiter_who_may_reject_it(asgi_server):
    from games.play.perpetual import decide_perpetual_claim

    game, white, black = make_game(start_position=CHECKING)
    play_from_black(asgi_server, game, white, black, ["Kh7", "Qf5+"])
    post(asgi_server, white, game, "claim", {"kind": "perpetual-check"})
    body = move(asgi_server, black, game, "g6")  # the pawn blocks: Black plays on rather than concede
    assert body["claim"] == {"kind": "perpetual-check", "by": "white", "awaiting": "arbiter"}
    claim = GameAction.objects.get(game_id=game.pk)
    decide_perpetual_claim(claim.pk, uphold=False, by=game.round.event.organizer)
    assert GameAction.objects.get(pk=claim.pk).status == GameAction.Status.DECLINED
    entry = PairingChange.objects.get(event=game.round.event, action="claim-decided")  # in the audit trail (issue 24)
    assert "perpetual-check claim rejected by the arbiter" in entry.description
    status, body = asgi_server.request("GET", f"/api/games/{game.pk}/")
    assert body["claim"] is None and body["status"] == "live"


BAD_CLAIMS = [
    ({"kind": "stalemate"}, 400, "kind"),
    ({}, 400, "kind"),
    ({"kind": "threefold-repetition", "action": "concede"}, 400, "action"),
    ({"kind": "perpetual-check", "action": "withdraw"}, 400, "action"),
    ({"kind": "perpetual-check", "action": "concede"}, 409, "action"),  # nothing to concede
    ({"kind": "perpetual-check", "action": "refuse", "move": "e5"}, 400, "move"),
    ({"kind": "fifty-moves", "move": ["Nf6"]}, 400, "move"),
]


def test_bad_claims_name_the_field_and_change_nothing(asgi_server):
    game, white, black = make_game()
    move(asgi_server, white, game, "e4")
    before = stored(game)
    for payload, status, field in BAD_CLAIMS:
        refused(post(asgi_server, black, game, "claim", payload), status, field)
        assert stored(game) == before, payload


def test_a_variant_without_the_rule_refuses_the_claim(asgi_server):
    game, white, black = make_game(variant="reach")
    move(asgi_server, white, game, "e4")
    refused(post(asgi_server, white, game, "claim", {"kind": "perpetual-check"}), 400, "kind", "cannot end by perpetual-check")
