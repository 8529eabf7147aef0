"""An arbiter's clock adjustment takes what the schema says: ``seconds`` a JSON number of at most ten days either
way; text, a boolean or more is a 400 naming ``seconds`` that leaves the clock as it was."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.api_live import MAX_ADJUST_SECONDS
from games.play.moves import submit_move
from tests.games.live_support import make_game
from tournaments.models import Game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("seconds", ["120", True, None, MAX_ADJUST_SECONDS + 1, -MAX_ADJUST_SECONDS - 0.5, 1e300])
def test_seconds_that_are_not_a_bounded_number_are_refused(seconds):
    game, white, _ = make_game(time_control="1m")
    submit_move(game.pk, white, "e4")
    before = Game.objects.get(pk=game.pk).clock
    client = APIClient()
    client.force_authenticate(game.round.event.organizer)
    body = {"action": "adjust", "side": "white", "seconds": seconds}
    response = client.post(f"/api/games/{game.pk}/clock/", body, format="json")
    assert response.status_code == 400 and "seconds" in response.json()["errors"]
    assert Game.objects.get(pk=game.pk).clock == before


def test_a_fractional_number_within_the_bound_is_taken():
    game, white, _ = make_game(time_control="1m")
    submit_move(game.pk, white, "e4")
    client = APIClient()
    client.force_authenticate(game.round.event.organizer)
    body = {"action": "adjust", "side": "white", "seconds": -2.5}
    response = client.post(f"/api/games/{game.pk}/clock/", body, format="json")
    assert response.status_code == 200 and response.json()["clocks"]["white"]["remaining_ms"] == 57_500
