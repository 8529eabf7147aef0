"""The arbiter's clock: pause and resume (FIDE 6.11), time added or taken (7.5.5, 12.9); nobody else may."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.play.arbiter import arbiter_clock
from games.play.moves import submit_move
from record.refusals import Refusal
from tests.games.live_support import at, make_game
from tournaments.models import Game

pytestmark = pytest.mark.django_db


def test_a_paused_game_keeps_its_time_and_refuses_moves_until_resumed():
    game, white, black = make_game(time_control="1m")
    submit_move(game.pk, white, "e4", now=at(0))
    arbiter_clock(game.pk, "pause", now=at(10))
    assert Game.objects.get(pk=game.pk).flag_deadline is None
    with pytest.raises(Refusal) as refused:
        submit_move(game.pk, black, "e5", now=at(500))
    assert refused.value.field == "game"
    arbiter_clock(game.pk, "resume", now=at(1000))
    submit_move(game.pk, black, "e5", now=at(1005))
    assert Game.objects.get(pk=game.pk).clock["black"]["remaining_ms"] == 60_000 - 15_000


def test_the_organizer_adds_two_minutes_over_the_api_and_a_player_may_not():
    game, white, black = make_game(time_control="1m")
    submit_move(game.pk, white, "e4")
    client = APIClient()
    client.force_authenticate(white)
    refused = client.post(f"/api/games/{game.pk}/clock/", {"action": "adjust", "side": "white", "seconds": 120}, format="json")
    assert refused.status_code == 403 and "action" in refused.json()["errors"]
    client.force_authenticate(game.round.event.organizer)
    body = client.post(
        f"/api/games/{game.pk}/clock/", {"action": "adjust", "side": "white", "seconds": 120}, format="json"
    ).json()
    assert body["clocks"]["white"]["remaining_ms"] == 180_000
    bad = client.post(f"/api/games/{game.pk}/clock/", {"action": "adjust", "side": "purple", "seconds": 5}, format="json")
    assert bad.status_code == 400 and "side" in bad.json()["errors"]
