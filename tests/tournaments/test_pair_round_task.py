import pytest

from tests.tournaments.helpers import make_event
from tournaments.models import Round
from tournaments.tasks.pairing import pair_and_publish_round

pytestmark = pytest.mark.django_db


def test_the_pairing_task_is_safe_to_run_twice():
    event, organizer, _ = make_event(6)
    first = pair_and_publish_round.delay(event.pk, 1, user_id=organizer.pk).get()
    again = pair_and_publish_round.delay(event.pk, 1, user_id=organizer.pk).get()
    assert first == {"ok": True, "round": 1, "status": "published"}
    assert again == {"ok": False, "error": "round 1 is already published"}  # stale work is refused
    assert Round.objects.get(event=event, number=1).games.count() == 3


def test_the_pairing_task_reports_a_refusal_instead_of_failing():
    event, organizer, _ = make_event(6)
    pair_and_publish_round.delay(event.pk, 1).get()
    result = pair_and_publish_round.delay(event.pk, 2).get()
    assert result["ok"] is False and "round 1 is not complete" in result["error"]
