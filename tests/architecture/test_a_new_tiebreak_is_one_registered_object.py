"""A new tie-break is one registered object (issue 35): the number of draws of tests/architecture/extensions/, one
module plus one line in ``install()`` and no other edit, is read as a code, ranks the standings, is offered by the
organizer API, its schema and the admin form, and is shown on the standings page and in the CSV export."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from scoring.records import GameRecord, PlayerInfo
from scoring.standings import compute_standings
from scoring.tiebreak_codes import read_code, tiebreak_name
from scoring.tiebreak_registry import catalogue, code_pattern
from tests.tournaments.organizer_api_support import client_for, event_with_players, organizer, paired
from tournaments.models import Event


def test_it_is_registered_for_the_whole_run_and_read_as_a_code():
    assert "DRAWS" in catalogue() and re.fullmatch(code_pattern(), "DRAWS")
    assert read_code("draws").base == "DRAWS" and tiebreak_name("DRAWS") == "Number of draws"
    with pytest.raises(ValueError, match="no modifier C1 for DRAWS"):
        read_code("DRAWS-C1")


def test_it_separates_players_tied_on_points_by_their_draws():
    players = [PlayerInfo(n, f"P{n}", seed=seed) for n, seed in ((1, 2), (2, 1), (3, 3), (4, 4))]
    # 1 and 2 both score 1 of 2; 1 by two draws, 2 by a win and a loss: DRAWS puts 1 first, above 2's better seed.
    games = [GameRecord(1, 2, 3, 1, 0), GameRecord(1, 1, 4, 0.5, 0.5), GameRecord(2, 4, 2, 1, 0), GameRecord(2, 3, 1, 0.5, 0.5)]
    standings, _ = compute_standings(players, games, [], rounds=2, tiebreaks=["DRAWS"], game_total=1.0)
    by_player = {s.info.player_id: s for s in standings}
    assert by_player[1].tiebreaks == {"DRAWS": 2.0} and by_player[2].tiebreaks == {"DRAWS": 0.0}
    assert by_player[1].rank < by_player[2].rank and by_player[1].points == by_player[2].points == 1.0
    seeded, _ = compute_standings(players, games, [], rounds=2, tiebreaks=[], game_total=1.0)
    assert [s.info.player_id for s in seeded].index(2) < [s.info.player_id for s in seeded].index(1)


@pytest.mark.django_db
def test_the_organizer_api_takes_it_and_the_public_standings_show_it():
    client = client_for(organizer())
    slug = event_with_players(client, scoring="classical", variant_policy="fixed", variant="chess")
    assert client.post(f"/api/events/{slug}/announce/").status_code == 200
    changed = client.patch(f"/api/events/{slug}/", {"tiebreaks": ["DRAWS", "BH"]}, format="json")
    assert changed.status_code == 200, changed.content
    assert changed.json()["tiebreaks"] == ["DRAWS", "BH"]
    paired(client, slug)
    assert client.post(f"/api/events/{slug}/rounds/1/publish/").status_code == 200
    rows = [{"board": 1, "result": "1/2-1/2", "termination": "agreement"},
            {"board": 2, "result": "1-0", "termination": "resignation"}]  # fmt: skip
    assert client.post(f"/api/events/{slug}/rounds/1/results/", rows, format="json").status_code == 200
    public = Client().get(f"/api/events/{slug}/standings/").json()
    assert public["tiebreaks"] == ["DRAWS", "BH"]
    assert sorted(row["tiebreaks"]["DRAWS"] for row in public["rows"]) == [0, 0, 0, 1, 1]
    page = Client().get(f"/events/{slug}/standings/").content.decode()
    assert "Number of draws" in page
    csv = Client().get(f"/events/{slug}/export/standings.csv").content.decode().splitlines()
    assert ",Wins,DRAWS,BH," in csv[0]


@pytest.mark.django_db
def test_the_schema_lists_it():
    schema = Client().get("/api/schema/?format=json").json()
    pattern = schema["components"]["schemas"]["EventPatchRequest"]["properties"]["tiebreaks"]["items"]["pattern"]
    assert re.fullmatch(pattern, "DRAWS") and not re.fullmatch(pattern, "DRAWS-C1")


@pytest.mark.django_db
def test_the_admin_form_takes_it(admin_client, admin_user):
    page = admin_client.get("/admin/tournaments/event/add/")
    data = {"name": "Club draws", "slug": "club-draws", "format": "swiss", "rounds_planned": 5,
            "variant_policy": "fixed", "variant_key": "chess", "time_control": "90+30", "scoring": "classical",
            "tiebreaks": "DRAWS, BH", "organizer": admin_user.pk, "is_public": "on"}  # fmt: skip
    for inline in page.context["inline_admin_formsets"]:
        data |= {f"{inline.formset.prefix}-TOTAL_FORMS": 0, f"{inline.formset.prefix}-INITIAL_FORMS": 0}
    response = admin_client.post("/admin/tournaments/event/add/", data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    assert Event.objects.get(slug="club-draws").tiebreaks == ["DRAWS", "BH"]
