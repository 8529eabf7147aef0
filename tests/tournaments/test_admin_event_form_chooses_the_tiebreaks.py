"""The admin's event form takes the tie-break list and C.07 edition as the API does: an unknown code is refused
naming it, keeping what was typed; a change is saved through the service (audited, the standings recomputed)."""

from __future__ import annotations

import pytest

from tests.tournaments.helpers import make_user
from tournaments.models import Event, PairingChange

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client):
    user = make_user("director", is_staff=True)
    client.force_login(user)
    return client, user


def _body(user, **fields) -> dict:
    return {"name": "Autumn Open", "slug": "autumn-open", "format": "swiss", "rounds_planned": "4",
            "time_control": "90+30", "scoring": "classical", "tiebreaks": "BH-C1", "organizer": str(user.pk),
            "variant_policy": "fixed", "variant_key": "chess", "status": "draft",
            "is_public": "on", "registrations-TOTAL_FORMS": "0", "registrations-INITIAL_FORMS": "0",
            "forbidden_pairings-TOTAL_FORMS": "0", "forbidden_pairings-INITIAL_FORMS": "0", **fields}  # fmt: skip


def test_an_unknown_code_is_refused_naming_it_and_keeping_what_was_typed(director):
    client, user = director
    answer = client.post("/admin/tournaments/event/add/", _body(user, tiebreaks="BH-C1, XYZ"))
    page = answer.content.decode()
    assert answer.status_code == 200 and "unknown tie-break XYZ" in page
    assert 'value="BH-C1, XYZ"' in page and not Event.objects.exists()


def test_a_changed_list_and_edition_are_saved_through_the_service(director):
    client, user = director
    assert client.post("/admin/tournaments/event/add/", _body(user)).status_code == 302
    event = Event.objects.get(slug="autumn-open")
    change = f"/admin/tournaments/event/{event.pk}/change/"
    answer = client.post(change, _body(user, tiebreaks="de, aro-c1,TPR", tiebreak_edition="2024"))
    assert answer.status_code == 302, answer.content.decode()[:3000]
    event.refresh_from_db()
    assert (event.tiebreaks, event.tiebreak_edition) == (["DE", "ARO-C1", "TPR"], "2024")
    entry = PairingChange.objects.get(event=event, action="event-changed")
    assert entry.before == {"tiebreaks": ["BH-C1"], "tiebreak_edition": ""} and entry.user == user
