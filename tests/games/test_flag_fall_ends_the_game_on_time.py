"""A fallen flag ends the game: found by a read, by the next move, or by the flag task; lone king draws."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from games.play.flags import check_flag
from games.play.moves import submit_move
from games.tasks.flag import check_flag_task, sweep_flags
from record.refusals import CONFLICT, Refusal
from tests.games.live_support import at, make_game
from tournaments.models import Game

pytestmark = pytest.mark.django_db


def rewind(game, seconds: float):
    """Move the game's running clock stamp ``seconds`` into the past (as if that much time had passed)."""
    game = Game.objects.get(pk=game.pk)
    shift = int(seconds * 1000)
    game.clock["since_ms"] -= shift
    game.flag_deadline -= timedelta(milliseconds=shift)
    game.save()
    return game


def test_a_read_after_the_deadline_ends_the_game_for_the_opponent():
    game, white, _ = make_game(time_control="1m")
    submit_move(game.pk, white, "e4", now=timezone.now())
    rewind(game, 61)
    body = APIClient().get(f"/api/games/{game.pk}/").json()
    assert body["status"] == "finished"
    assert body["result"] == "1-0" and body["termination"] == "time-forfeit"
    assert body["clocks"]["black"]["remaining_ms"] == 0
    assert body["result_status"] == "final"


def test_a_move_after_the_flag_fell_is_refused_and_the_game_ends():
    game, white, black = make_game(time_control="1m")
    submit_move(game.pk, white, "e4", now=at(0))
    with pytest.raises(Refusal) as refused:
        submit_move(game.pk, black, "e5", now=at(60.001))
    assert refused.value.kind == CONFLICT
    game = Game.objects.get(pk=game.pk)
    assert game.moves == ["e4"] and game.result == "1-0" and game.termination == "time-forfeit"


def test_flagging_against_a_lone_king_is_a_draw():
    # White has king and queen; Black only a king. If White's flag falls, Black cannot mate: a draw.
    game, white, black = make_game(time_control="1m", start_position="4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
    submit_move(game.pk, white, "Qd2", now=at(0))
    submit_move(game.pk, black, "Kf7", now=at(5))
    assert check_flag(game.pk, now=at(64.9)) is False
    assert check_flag(game.pk, now=at(65.5)) is True
    game = Game.objects.get(pk=game.pk)
    assert game.result == "1/2-1/2" and game.termination == "time-forfeit-lone-king"


def test_the_flag_task_before_any_deadline_only_schedules_itself_again(monkeypatch):
    scheduled = []
    monkeypatch.setattr("games.tasks.flag.schedule_flag_check", lambda game_id, due: scheduled.append((game_id, due)))
    game, white, black = make_game(time_control="1m")
    submit_move(game.pk, white, "e4", now=timezone.now())
    old_deadline = Game.objects.get(pk=game.pk).flag_deadline
    submit_move(game.pk, black, "e5", now=timezone.now())
    assert check_flag_task(game.pk, old_deadline.isoformat()) == "rearmed"
    game = Game.objects.get(pk=game.pk)
    assert game.status == "live"
    # Due again no later than White's flag (White is to move, 60 s + 0 increment) and not in the past.
    assert len(scheduled) == 1 and scheduled[0][0] == game.pk
    assert timezone.now() < scheduled[0][1] <= game.flag_deadline


def test_the_flag_task_ends_the_game_at_its_deadline_and_is_safe_to_repeat():
    game, white, _ = make_game(time_control="1m")
    submit_move(game.pk, white, "e4", now=timezone.now())
    game = rewind(game, 61)
    assert check_flag_task(game.pk, game.flag_deadline.isoformat()) == "flagged"
    assert check_flag_task(game.pk, game.flag_deadline.isoformat()) == "finished"
    game = Game.objects.get(pk=game.pk)
    assert game.termination == "time-forfeit" and game.result == "1-0"


def test_the_sweeper_finds_overdue_games():
    game, white, _ = make_game(time_control="1m")
    submit_move(game.pk, white, "e4", now=timezone.now())
    rewind(game, 61)
    assert sweep_flags() == 1
    assert Game.objects.get(pk=game.pk).status == "finished"


def test_a_move_after_the_flag_fell_finishes_the_game_at_the_flags_time():
    game, white, black = make_game(time_control="1m")
    submit_move(game.pk, white, "e4", now=at(0))
    submit_move(game.pk, black, "e5", now=at(1))  # White's clock runs from second 1: the flag falls at second 61
    with pytest.raises(Refusal):
        submit_move(game.pk, white, "Nf3", now=at(100))
    ended = Game.objects.get(pk=game.pk)
    assert ended.termination == "time-forfeit" and ended.result == "0-1"
    assert ended.finished_at == at(61)
