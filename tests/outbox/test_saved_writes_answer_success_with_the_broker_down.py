"""Confirming a result and playing a move answer success while the broker is down; the standings recompute and
the flag check they need wait in the outbox and are sent, once each, when the broker is back."""

from __future__ import annotations

import pytest

from games.play.flags import FLAG_TASK, forget_armed
from outbox.models import Task
from outbox.sender import send_due
from tests.games.live_support import make_game
from tests.games.report_api_support import client_for
from tournaments.models import Game
from tournaments.tasks.standings import publish_standings

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_flag_bookkeeping():
    forget_armed()
    yield
    forget_armed()


def _live_game():
    game, white, black = make_game(time_control="20s")  # the flag check is due within the outbox horizon
    return game, client_for(white), client_for(black)


def test_a_confirmed_result_and_a_move_succeed_and_their_tasks_are_sent_once_the_broker_is_back(
    broker, django_capture_on_commit_callbacks
):
    broker.up = False
    reported, white, black = _live_game()
    with django_capture_on_commit_callbacks(execute=True):
        report = {"result": "1-0", "termination": "checkmate"}
        assert white.post(f"/api/games/{reported.pk}/report/", report).status_code == 201
        confirmed = black.post(f"/api/games/{reported.pk}/report/confirm/")
    assert confirmed.status_code == 200
    assert Game.objects.get(pk=reported.pk).result == "1-0"

    played, white, _ = _live_game()
    with django_capture_on_commit_callbacks(execute=True):
        moved = white.post(f"/api/games/{played.pk}/moves/", {"move": "e4"}, format="json")
    assert moved.status_code == 200, moved.json()
    assert Game.objects.get(pk=played.pk).moves

    waiting = Task.objects.filter(state=Task.State.WAITING)
    assert sorted(waiting.values_list("name", flat=True)) == sorted([publish_standings.name, FLAG_TASK])
    assert all("not sent" in t.error for t in waiting)

    broker.up = True
    send_due()
    send_due()
    assert sorted(broker.names()) == sorted([publish_standings.name, FLAG_TASK])  # once each
    flag = next(s for s in broker.sent if s["name"] == FLAG_TASK)
    assert flag["args"][0] == played.pk
    standings = next(s for s in broker.sent if s["name"] == publish_standings.name)
    assert standings["args"] == [reported.round.event_id]
