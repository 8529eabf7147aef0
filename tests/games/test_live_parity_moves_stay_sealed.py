"""Parity Chess (seed 001): sealed simultaneous moves, hidden until both are in; both clocks run at once."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.play.moves import submit_move
from tests.games.live_support import at, make_game, use_toy_parity
from tournaments.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _toy_parity(monkeypatch):
    use_toy_parity(monkeypatch)


def strings_in(value) -> set[str]:
    """Every string value (and dict key) inside a JSON body."""
    if isinstance(value, dict):
        return set(value) | {s for v in value.values() for s in strings_in(v)}
    if isinstance(value, list):
        return {s for v in value for s in strings_in(v)}
    return {value} if isinstance(value, str) else set()


def detail(game, user=None):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client.get(f"/api/games/{game.pk}/").json()


def test_a_sealed_move_is_hidden_from_the_opponent_and_the_public():
    game, white, black = make_game(variant="parity")
    client = APIClient()
    client.force_authenticate(white)
    answer = client.post(f"/api/games/{game.pk}/moves/", {"move": "e4"}, format="json").json()
    assert answer["your_sealed_move"] == {"white": "e4"}
    for viewer in (None, black):
        body = detail(game, viewer)
        assert body["sealed"] == {"white": True, "black": False}
        leaked = {k: v for k, v in body.items() if k not in ("legal_moves", "legal_moves_by_army")}
        # No value anywhere is the sealed move (a substring test would trip over names such as "white46").
        assert "e4" not in strings_in(leaked)
        assert body["moves"] == [] and "your_sealed_move" not in body
        assert body["turn"] == "black" and "e5" in body["legal_moves"]
    assert detail(game, white)["your_sealed_move"] == {"white": "e4"}


def test_the_turn_resolves_when_both_have_committed():
    game, white, black = make_game(variant="parity")
    submit_move(game.pk, black, "e5", now=at(0))
    submit_move(game.pk, white, "e4", now=at(3))
    game = Game.objects.get(pk=game.pk)
    assert game.moves == ["e4 e5"]
    body = detail(game)
    assert body["sealed"] == {"white": False, "black": False} and body["turn"] == "white"


def test_each_clock_stops_at_its_own_commit_and_both_restart_for_the_next_turn():
    game, white, black = make_game(variant="parity", time_control="60s+1")
    submit_move(game.pk, white, "e4", now=at(0))  # the first commit starts both clocks
    submit_move(game.pk, black, "e5", now=at(10))  # black thought 10 s while white's clock stood still
    submit_move(game.pk, white, "Nf3", now=at(14))
    game = Game.objects.get(pk=game.pk)
    clock = game.clock
    assert clock["white"]["remaining_ms"] == 60_000 + 1_000 - 4_000 + 1_000
    assert clock["black"]["remaining_ms"] == 60_000 - 10_000 + 1_000
    assert clock["running"] == ["black"]  # black still thinking in turn 2


def test_an_illegal_sealed_move_is_refused():
    game, white, _ = make_game(variant="parity")
    client = APIClient()
    client.force_authenticate(white)
    response = client.post(f"/api/games/{game.pk}/moves/", {"move": "e5"}, format="json")
    assert response.status_code == 400 and "move" in response.json()["errors"]


def test_the_real_parity_engine_resolves_the_seed_opening_through_the_service(monkeypatch):
    monkeypatch.undo()  # this one uses the registry's own engine, when it exists
    pytest.importorskip("variants.parity")
    game, white, black = make_game(variant="parity")
    for turn, (white_move, black_move) in enumerate([("e4", "e6"), ("d4", "Be7")], start=1):
        submit_move(game.pk, white, white_move, now=at(turn * 10))
        submit_move(game.pk, black, black_move, now=at(turn * 10 + 3))
    game = Game.objects.get(pk=game.pk)
    assert [m.split() for m in game.moves] == [["e4", "e6"], ["d4", "Be7"]]
    assert game.status == "live"
