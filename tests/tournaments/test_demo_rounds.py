import pytest
from django.core.management import call_command

from tournaments.models import Event, Game, Round
from tournaments.services import colour_report

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # the demo sets 13 passwords


def _state():
    event = Event.objects.get(slug="demo-rvc-swiss")
    games = Game.objects.filter(round__event=event).order_by("round__number", "board")
    return [(g.round.number, g.board, g.white_id, g.black_id, g.result, g.termination, g.start_options) for g in games]


def test_the_demo_has_four_played_rounds_and_a_fifth_paired_and_unplayed():
    call_command("demo", "--password", "pw-demo-123")
    event = Event.objects.get(slug="demo-rvc-swiss")
    statuses = list(event.rounds.order_by("number").values_list("number", "status"))
    assert statuses == [(1, "complete"), (2, "complete"), (3, "complete"), (4, "complete"), (5, "published")]
    fifth = Round.objects.get(event=event, number=5)
    assert fifth.games.count() == 6
    assert not fifth.games.filter(result_status=Game.ResultStatus.FINAL).exists()
    report = colour_report(event)
    assert report["failures_after_odd"] <= 2  # of 24 changes due after rounds 1 and 3 (12 players, no rematches)


def test_running_the_demo_twice_repairs_nothing_and_keeps_the_results():
    call_command("demo", "--password", "pw-demo-123")
    first = _state()
    call_command("demo", "--password", "pw-demo-123")
    assert _state() == first
    assert len(first) == 30
