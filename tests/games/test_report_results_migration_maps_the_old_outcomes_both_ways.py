"""games 0005 renames a report's outcome (white_wins, black_wins, draw) to its result in the arbiter's words
(1-0, 0-1, 1/2-1/2), and back when unapplied: stored reports keep their meaning both ways."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.migration_support import migrate_everything_forward
from tournaments.models import Event, Game, Player, Round

BEFORE, AFTER = ("games", "0004_game_actions"), ("games", "0005_report_result_vocabulary")


def _migrate(target: tuple[str, str]):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target])
    return executor.loader.project_state([target]).apps


def _world():
    """A game to report on, made with today's models: games 0004 and 0005 change no other app's tables."""
    user = User.objects.create(username="migrated")
    event = Event.objects.create(name="M", slug="m", organizer=user, variant_key="chess")
    rnd = Round.objects.create(event=event, number=1)
    white, black = Player.objects.create(name="W", user=user), Player.objects.create(name="B")
    return user, Game.objects.create(round=rnd, white=white, black=black, variant="chess")


@pytest.mark.django_db(transaction=True)
def test_outcomes_become_results_and_back():
    old = _migrate(BEFORE)
    user, game = _world()
    Report = old.get_model("games", "ResultReport")
    for outcome in ("white_wins", "black_wins", "draw"):
        Report.objects.create(game_id=game.pk, reporter_id=user.pk, outcome=outcome, termination="agreement",
                              white_points=0, black_points=0)  # fmt: skip

    new = _migrate(AFTER)
    results = sorted(new.get_model("games", "ResultReport").objects.values_list("result", flat=True))
    assert results == ["0-1", "1-0", "1/2-1/2"]

    back = _migrate(BEFORE)
    outcomes = sorted(back.get_model("games", "ResultReport").objects.values_list("outcome", flat=True))
    assert outcomes == ["black_wins", "draw", "white_wins"]
    migrate_everything_forward()  # as the other tests expect (tests/migration_support.py)
