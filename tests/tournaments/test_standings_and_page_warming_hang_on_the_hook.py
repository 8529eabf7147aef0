"""The standings snapshot and the warming of its pages hang on the one hook (tournaments.signals.record_changed):
the result service only sends the change; the tournaments app's receivers queue the snapshot and warm the pages
once it is committed (docs/architecture.md, "The hook")."""

from __future__ import annotations

import pytest

from tests.scoring import db
from tournaments.models import StandingsSnapshot
from tournaments.public.cache import per_snapshot
from tournaments.services.results import record_result
from tournaments.signals import RESULT_FINAL, STANDINGS_UPDATED, record_changed, send_change
from tournaments.tasks.standings import one_snapshot_per_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def event_and_games():
    ev = db.event()
    anna, bert, cleo, dora = (db.player(name, ev=ev, seed=n) for n, name in enumerate(("Anna", "Bert", "Cleo", "Dora"), 1))
    return ev, (db.game(ev, anna, bert, board=1), db.game(ev, cleo, dora, board=2))


def _not_built():
    pytest.fail("the page was built by its reader: the snapshot's pages were not warmed")


def test_a_final_result_sent_on_the_hook_publishes_the_snapshot(event_and_games):
    ev, (game, _) = event_and_games
    send_change(RESULT_FINAL, event=ev, game=game, round=game.round)  # no service: only the hook
    assert StandingsSnapshot.objects.get(event=ev).results_version == 1


def test_the_new_snapshots_pages_are_warm_once_it_is_committed(event_and_games, django_capture_on_commit_callbacks):
    ev, (game, _) = event_and_games
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        record_result(game, result="1-0", termination="resignation")
        assert StandingsSnapshot.objects.get(event=ev).results_version == 1
    assert callbacks, "the warming waits for the commit"
    table = per_snapshot(ev, "standings", _not_built)
    assert "Anna" in str(table)
    assert per_snapshot(ev, "crosstable", _not_built, "1") is not None


def test_a_change_sent_by_a_receiver_waits_until_the_first_reached_every_receiver(event_and_games):
    ev, (game, _) = event_and_games
    seen = []

    def listen(sender, change, **kwargs):
        seen.append(change)

    record_changed.connect(listen)
    try:
        record_result(game, result="1-0", termination="resignation")  # the snapshot is published at once (eager)
    finally:
        record_changed.disconnect(listen)
    assert seen == [RESULT_FINAL, STANDINGS_UPDATED]


def test_results_written_at_once_publish_one_snapshot_at_the_end(event_and_games):
    ev, (first, second) = event_and_games
    with one_snapshot_per_event():
        record_result(first, result="1-0", termination="resignation")
        record_result(second, result="0-1", termination="resignation")
        assert not StandingsSnapshot.objects.filter(event=ev).exists()
    snapshot = StandingsSnapshot.objects.get(event=ev)
    assert snapshot.results_version == 1 and snapshot.data["rounds_complete"] == 1


def test_a_batch_that_fails_publishes_nothing(event_and_games):
    ev, (first, _) = event_and_games
    with pytest.raises(RuntimeError), one_snapshot_per_event():
        record_result(first, result="1-0", termination="resignation")
        raise RuntimeError("half-way")
    assert not StandingsSnapshot.objects.filter(event=ev).exists()
    record_result(first, result="0-1", termination="resignation")  # outside the batch: published at once again
    assert StandingsSnapshot.objects.get(event=ev).results_version == 1
