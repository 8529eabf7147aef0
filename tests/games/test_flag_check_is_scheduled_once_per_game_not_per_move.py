"""A game's flag check is queued by its first move and moves itself on; later moves queue nothing.

The check is due at the clock's earliest possible flag fall (``Clock.earliest_flag``), which no move can bring
forward; only the arbiter (time taken away, a resumed pause) needs a new, earlier check.
"""

from __future__ import annotations

import pytest

from games.play.arbiter import arbiter_clock
from games.play.flags import forget_armed
from games.play.moves import submit_move
from tests.games.live_support import at, make_game
from tournaments.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def scheduled(monkeypatch):
    calls: list = []
    monkeypatch.setattr("games.play.flags.schedule_flag_check", lambda game_id, due: calls.append((game_id, due)))
    forget_armed()
    yield calls
    forget_armed()


def test_only_the_first_move_queues_a_check_and_it_is_due_no_later_than_the_flag(scheduled, django_capture_on_commit_callbacks):
    game, white, black = make_game(time_control="1m+2")
    with django_capture_on_commit_callbacks(execute=True):
        submit_move(game.pk, white, "e4", now=at(0))
    assert [due for _, due in scheduled] == [at(60)]  # Black's deadline; White could flag no sooner than 62 s
    for seconds, (user, move) in enumerate([(black, "e5"), (white, "Nf3"), (black, "Nc6"), (white, "Bb5")], 1):
        with django_capture_on_commit_callbacks(execute=True):
            submit_move(game.pk, user, move, now=at(seconds))
    assert len(scheduled) == 1
    assert Game.objects.get(pk=game.pk).flag_deadline >= scheduled[0][1]


def test_the_arbiter_taking_time_away_queues_an_earlier_check(scheduled, django_capture_on_commit_callbacks):
    game, white, black = make_game(time_control="1m")
    for step in (
        lambda: submit_move(game.pk, white, "e4", now=at(0)),
        lambda: submit_move(game.pk, black, "e5", now=at(1)),
        lambda: arbiter_clock(game.pk, "adjust", side="white", delta_ms=-50_000, now=at(2)),
    ):
        with django_capture_on_commit_callbacks(execute=True):  # each request commits on its own
            step()
    assert [due for _, due in scheduled] == [at(60), at(11)]  # White: 60 s from 1 s, minus 50 s


def test_a_game_without_a_running_clock_queues_nothing(scheduled, django_capture_on_commit_callbacks):
    game, white, _ = make_game(time_control="-")
    with django_capture_on_commit_callbacks(execute=True):
        submit_move(game.pk, white, "e4", now=at(0))
    assert scheduled == []
