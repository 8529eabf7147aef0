"""POST /api/events/{slug}/players/: a JSON list or a text/csv body; every row checked, every error returned at once
as {"errors": [{"row", "field", "reason"}]} with nothing saved; ?dry_run=1 checks without saving."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.tournaments.organizer_api_support import PLAYERS, client_for, create_event, organizer
from tournaments.models import PairingChange, Player, Registration

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    client = client_for(organizer())
    return client, create_event(client)["slug"]


def test_a_json_list_registers_every_player_in_order(api):
    client, slug = api
    response = client.post(f"/api/events/{slug}/players/", PLAYERS, format="json")
    assert response.status_code == 201
    assert response.json()["registered"] == 5
    regs = Registration.objects.filter(event__slug=slug).order_by("seed")
    assert [(r.player.name, r.player.rating, r.player.federation) for r in regs][:2] == [
        ("Anna Berger", 2150, "AUT"),
        ("Ben Carter", 2090, "ENG"),
    ]
    assert PairingChange.objects.filter(event__slug=slug, action="players-imported").exists()


def test_a_csv_body_with_two_bad_rows_reports_both_and_saves_nothing(api):
    client, slug = api
    text = "name,rating,federation\nAnna Berger,2150,AUT\nBen Carter,lots,ENG\nChloé Dubois,2045,France\nDmitri,2010,\n"
    response = client.post(f"/api/events/{slug}/players/", text, content_type="text/csv")
    assert response.status_code == 400
    assert response.json()["errors"] == [
        {"row": 3, "field": "rating", "reason": "rating 'lots' is not a whole number from 0 to 4000"},
        {"row": 4, "field": "federation", "reason": "federation 'FRANCE' is not a three-letter code"},
    ]
    assert not Registration.objects.exists() and not Player.objects.exists()


def test_every_kind_of_bad_json_row_is_named(api):
    client, slug = api
    rows = [
        {"name": "Anna", "rating": 5000},
        {"rating": 2000},
        "Ben",
        {"name": "Cleo", "federation": "FRANCE", "colour": "white"},
        {"name": "anna"},
        {"name": "Dan", "rating": True},
    ]
    response = client.post(f"/api/events/{slug}/players/", rows, format="json")
    assert response.status_code == 400
    found = {(e["row"], e["field"]) for e in response.json()["errors"]}
    assert found == {(1, "rating"), (2, "name"), (3, "body"), (4, "federation"), (4, "colour"), (5, "name"), (6, "rating")}
    assert not Registration.objects.exists()


def test_a_dry_run_checks_everything_and_saves_nothing(api):
    client, slug = api
    response = client.post(f"/api/events/{slug}/players/?dry_run=1", PLAYERS, format="json")
    assert response.status_code == 200
    assert response.json()["dry_run"] is True and len(response.json()["players"]) == 5
    assert not Registration.objects.exists() and not Player.objects.exists()
    bad = client.post(f"/api/events/{slug}/players/?dry_run=1", [{"name": ""}], format="json")
    assert bad.status_code == 400 and bad.json()["errors"][0] == {"row": 1, "field": "name", "reason": "the name is empty"}


def test_a_player_already_registered_is_named_and_the_whole_import_refused(api):
    client, slug = api
    client.post(f"/api/events/{slug}/players/", PLAYERS[:1], format="json")
    response = client.post(f"/api/events/{slug}/players/", [{"name": "Zoe New"}, PLAYERS[0]], format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["row"] == 2 and "already registered" in response.json()["errors"][0]["reason"]
    assert not Player.objects.filter(name="Zoe New").exists()


def test_bodies_that_are_not_a_list_or_not_utf8_are_refused_by_name(api):
    client, slug = api
    assert client.post(f"/api/events/{slug}/players/", {"name": "Anna"}, format="json").json()["errors"][0]["field"] == "body"
    response = client.post(f"/api/events/{slug}/players/", "name\n\xff\xfe".encode("latin-1"), content_type="text/csv")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "body"
    assert client.post(f"/api/events/{slug}/players/", "{not json", content_type="application/json").status_code == 400
    header = client.post(f"/api/events/{slug}/players/", "nom,elo\nAnna,2100\n", content_type="text/csv")
    assert header.status_code == 400 and header.json()["errors"][0] == {
        "row": 1,
        "field": "header",
        "reason": "unknown column(s) nom, elo; the columns are name, rating, federation, fide_id, seed, email, username, sex, "
        "title, birth_date",
    }
    assert not Registration.objects.exists()


def test_only_the_organizer_imports(api):
    _, slug = api
    assert APIClient().post(f"/api/events/{slug}/players/", PLAYERS, format="json").status_code == 401
    assert client_for(organizer("other")).post(f"/api/events/{slug}/players/", PLAYERS, format="json").status_code == 403
    assert client_for(organizer("x")).post("/api/events/nope/players/", PLAYERS, format="json").status_code == 404
    assert not Registration.objects.exists()
