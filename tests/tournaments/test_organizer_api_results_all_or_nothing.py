"""POST /api/events/{slug}/rounds/{n}/results/: every row checked first; any bad row is 400 naming every bad row by
board and field with nothing saved; the first entries are audited like corrections."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.tournaments.organizer_api_support import client_for, event_with_players, organizer, paired
from tournaments.models import Game, PairingChange

pytestmark = pytest.mark.django_db

WHITE_AHEAD = "4k3/3q4/8/8/8/8/R2Q3p/4K3 w - - 0 60"  # White leads on material (an 8x8 position)


@pytest.fixture
def published():
    client = client_for(organizer())
    slug = event_with_players(client, variant_policy="fixed", variant="chess")
    paired(client, slug)
    client.post(f"/api/events/{slug}/rounds/1/publish/")
    return client, slug


def post(client, slug, rows, number=1):
    return client.post(f"/api/events/{slug}/rounds/{number}/results/", rows, format="json")


def test_good_rows_are_all_saved_with_server_points_and_each_first_entry_audited(published):
    client, slug = published
    rows = [
        {"board": 1, "result": "1/2-1/2", "termination": "stalemate", "forcing_side": "black"},
        {"board": 2, "result": "1/2-1/2", "termination": "agreement", "position": WHITE_AHEAD},
    ]
    response = post(client, slug, rows)
    assert response.status_code == 200, response.content
    boards = response.json()["boards"]
    assert [(b["white_points"], b["black_points"]) for b in boards] == [(40.0, 60.0), (51.0, 49.0)]
    entries = PairingChange.objects.filter(event__slug=slug, action="result-entered")
    assert entries.count() == 2 and all(e.before is None and e.after["result"] for e in entries)
    corrected = post(client, slug, [{"board": 2, "result": "0-1", "termination": "resignation"}])
    assert corrected.status_code == 200
    change = PairingChange.objects.get(event__slug=slug, action="result-corrected")
    assert (change.before["result"], change.after["result"]) == ("1-0", "0-1")


def test_every_bad_row_is_reported_at_once_and_nothing_is_saved(published):
    client, slug = published
    rows = [
        {"board": 1, "result": "1-0", "termination": "resignation"},
        {"board": 2, "result": "2-0", "termination": "far-rank"},
        {"board": 9, "result": "1-0", "termination": "checkmate"},
        {"board": 1, "result": "0-1", "termination": "checkmate"},
        {"board": "x"},
    ]
    response = post(client, slug, rows)
    assert response.status_code == 400
    errors = {(e["board"], e["field"]) for e in response.json()["errors"]}
    assert errors == {(2, "result"), (2, "termination"), (9, "board"), (1, "board"), (None, "board")}
    assert not Game.objects.exclude(result="").exists()
    assert not PairingChange.objects.filter(action__startswith="result").exists()


def test_a_stalemate_needs_the_forcing_side_and_a_material_ending_the_position(published):
    client, slug = published
    response = post(client, slug, [
        {"board": 1, "result": "1/2-1/2", "termination": "stalemate"},
        {"board": 2, "result": "1/2-1/2", "termination": "agreement"},
    ])  # fmt: skip
    assert response.status_code == 400
    assert [(e["board"], e["field"]) for e in response.json()["errors"]] == [(1, "forcing_side"), (2, "position")]
    bad_position = post(client, slug, [{"board": 2, "result": "1/2-1/2", "termination": "agreement", "position": "nonsense"}])
    assert bad_position.json()["errors"][0]["field"] == "position"
    assert not Game.objects.exclude(result="").exists()


def test_results_wait_for_publication_and_need_the_events_staff():
    client = client_for(organizer())
    slug = event_with_players(client)
    paired(client, slug)
    row = [{"board": 1, "result": "1-0", "termination": "checkmate"}]
    assert post(client, slug, row).status_code == 409
    assert post(APIClient(), slug, row).status_code == 401
    assert post(client_for(organizer("other")), slug, row).status_code == 403
    assert post(client, slug, {"board": 1}).json()["errors"][0]["field"] == "body"
    assert post(client, slug, []).status_code == 409  # the round is not published: nothing to enter yet
    assert not Game.objects.exclude(result="").exists()
