"""A drawn-on-the-board stalemate or perpetual check is reported with the side that forced it; the opponent's
confirmation (or the same report from both players) makes it final with the points the report showed."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.games.report_api_support import client_for
from tests.scoring import db
from tournaments.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def board():
    ev = db.event(scoring="dynamic", variant_key="chess")
    anna, bert = db.user("anna"), db.user("bert")
    game = db.game(ev, db.player(account=anna, ev=ev), db.player(account=bert, ev=ev))
    return game, client_for(anna), client_for(bert)


@pytest.mark.parametrize(
    ("body", "points"),
    [
        ({"result": "1/2-1/2", "termination": "stalemate", "forcing_side": "white"}, (60, 40)),
        ({"result": "1/2-1/2", "termination": "stalemate", "forcing_side": "black"}, (40, 60)),
        ({"result": "1/2-1/2", "termination": "perpetual-check", "checking_side": "white"}, (52, 48)),
        ({"result": "1/2-1/2", "termination": "perpetual-check", "checking_side": "black"}, (45, 55)),
    ],
)
def test_the_opponent_confirms_a_reported_stalemate_or_perpetual(board, body, points):
    game, white, black = board
    assert white.post(f"/api/games/{game.pk}/report/", body, format="json").status_code == 201
    confirmed = black.post(f"/api/games/{game.pk}/report/confirm/", format="json")
    assert confirmed.status_code == 200, confirmed.json()
    game.refresh_from_db()
    assert game.result_status == Game.ResultStatus.FINAL
    assert (game.white_points, game.black_points) == tuple(Decimal(p) for p in points)


def test_both_players_reporting_the_same_perpetual_makes_it_final(board):
    game, white, black = board
    body = {"result": "1/2-1/2", "termination": "perpetual-check", "checking_side": "black"}
    assert white.post(f"/api/games/{game.pk}/report/", body, format="json").status_code == 201
    second = black.post(f"/api/games/{game.pk}/report/", body, format="json")
    assert second.status_code == 201, second.json()
    assert second.json()["status"] == "confirmed"
    game.refresh_from_db()
    assert (game.result_status, game.white_points, game.black_points) == ("final", Decimal(45), Decimal(55))
