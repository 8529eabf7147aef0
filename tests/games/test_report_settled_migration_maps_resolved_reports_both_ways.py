"""games 0007 turns a report an arbiter resolved into one ``settled`` by that arbiter (its responder), and back when
unapplied (issue 24)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.migration_support import migrate_everything_forward
from tournaments.models import Event, Game, Player, Round

BEFORE, AFTER = ("games", "0006_move_played_at_given_and_sealed_index"), ("games", "0007_report_settled")


def _migrate(target: tuple[str, str]):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target])
    return executor.loader.project_state([target]).apps


@pytest.mark.django_db(transaction=True)
def test_resolved_reports_become_settled_by_their_arbiter_and_back():
    old = _migrate(BEFORE)
    player, arbiter = User.objects.create(username="player"), User.objects.create(username="arbiter")
    event = Event.objects.create(name="M", slug="m", organizer=arbiter, variant_key="chess")
    rnd = Round.objects.create(event=event, number=1)
    white, black = Player.objects.create(name="W", user=player), Player.objects.create(name="B")
    game = Game.objects.create(round=rnd, white=white, black=black, variant="chess")
    Report = old.get_model("games", "ResultReport")
    common = {"game_id": game.pk, "reporter_id": player.pk, "result": "1-0", "termination": "resignation",
              "white_points": 1, "black_points": 0}  # fmt: skip
    Report.objects.create(status="resolved", responder_id=arbiter.pk, **common)
    Report.objects.create(status="confirmed", responder_id=arbiter.pk, **common)

    new = _migrate(AFTER)
    rows = sorted(new.get_model("games", "ResultReport").objects.values_list("status", "settled_by_id"))
    assert rows == [("confirmed", None), ("settled", arbiter.pk)]

    back = _migrate(BEFORE)
    assert sorted(back.get_model("games", "ResultReport").objects.values_list("status", flat=True)) == ["confirmed", "resolved"]
    migrate_everything_forward()  # as the other tests expect (tests/migration_support.py)
