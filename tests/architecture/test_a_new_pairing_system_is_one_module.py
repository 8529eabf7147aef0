"""Adding a pairing system is one module registered in pairing.systems: the throwaway Monrad system
(tests/architecture/extensions/monrad.py, registered for the whole run) is accepted by the organizer API, pairs two
rounds 1 v 2, 3 v 4 in ranking order without a rematch, takes a late entry after round 1 and explains its colours
on the round page and in the API, with no migration and no other edit (docs/pairing.md, "Adding a pairing
system")."""

from __future__ import annotations

import pytest
from django.test import Client

from pairing.systems import system
from tests.architecture.extensions.monrad import COLOURS, pair_monrad
from tests.tournaments.organizer_api_support import client_for, event_with_players, organizer, paired
from tournaments.models import Event

pytestmark = pytest.mark.django_db

PLAYERS = [{"name": name, "rating": rating} for name, rating in
           [("Ada", 2200), ("Bo", 2100), ("Cy", 2000), ("Di", 1900)]]  # fmt: skip


def _pair_and_finish(client, slug: str) -> dict:
    body = paired(client, slug)
    number = body["number"]
    assert client.post(f"/api/events/{slug}/rounds/{number}/publish/").status_code == 200
    results = [{"board": b["board"], "result": "1-0", "termination": "resignation"} for b in body["boards"]]
    response = client.post(f"/api/events/{slug}/rounds/{number}/results/", results, format="json")
    assert response.status_code in (200, 201), response.content
    return body


def _pairs(slug: str, number: int) -> set[frozenset[str]]:
    games = Event.objects.get(slug=slug).rounds.get(number=number).games.select_related("white", "black")
    return {frozenset((g.white.name, g.black.name)) for g in games}


def test_monrad_is_registered_and_offered() -> None:
    assert system("monrad").late_entry and system("monrad").pair_round is pair_monrad
    assert ("monrad", "Monrad") in Event._meta.get_field("format").choices


def test_two_monrad_rounds_a_late_entry_and_the_colours_explained() -> None:
    client = client_for(organizer())
    slug = event_with_players(client, PLAYERS, format="monrad", rounds=3, variant_policy="fixed", variant="chess")
    assert client.get(f"/api/events/{slug}/").json()["format"] == "monrad"
    _pair_and_finish(client, slug)
    assert _pairs(slug, 1) == {frozenset(("Ada", "Bo")), frozenset(("Cy", "Di"))}
    late = client.post(f"/api/events/{slug}/players/", [{"name": "Eve", "rating": 1800}], format="json")
    assert late.status_code == 201, late.content
    body = _pair_and_finish(client, slug)
    assert body["number"] == 2
    round_two = _pairs(slug, 2)
    assert not round_two & _pairs(slug, 1)  # 1 v 2 skips to the first player not met yet
    assert len(round_two) == 2  # five players: two boards and a bye
    page = Client().get(f"/events/{slug}/rounds/2/")
    assert page.status_code == 200 and COLOURS in page.content.decode()
