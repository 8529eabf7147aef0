"""Adding a scoring profile is one Profile registered in scoring.registry: a throwaway 3-1-0 profile (in
tests/architecture/extensions/, registered for the whole run) is offered by the organizer API and the admin form, an
event uses it, its games score 3-0 and 1-1, the standings show it, and once unregistered it is gone, with no
migration and no other edit (docs/architecture.md, "Extension points")."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.test import Client

from scoring import get_profile, profile_choices, register_profile, unregister_profile
from tests.architecture.extensions.three_one_zero import THREE_ONE_ZERO
from tests.tournaments.organizer_api_support import client_for, event_with_players, organizer, paired
from tournaments.models import Event, Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def three_one_zero():
    """The profile, registered for the whole run (tests/architecture/extensions/three_one_zero.py)."""
    return THREE_ONE_ZERO


@pytest.fixture
def event_3_1_0(three_one_zero):
    """An announced event scored 3-1-0, made through the organizer API, with round 1 paired and published."""
    client = client_for(organizer())
    slug = event_with_players(client, scoring="3-1-0", variant_policy="fixed", variant="chess")
    assert client.post(f"/api/events/{slug}/announce/").status_code == 200
    paired(client, slug)
    assert client.post(f"/api/events/{slug}/rounds/1/publish/").status_code == 200
    return client, slug


def test_the_organizer_api_takes_it_and_the_public_api_names_it(event_3_1_0):
    _, slug = event_3_1_0
    assert Event.objects.get(slug=slug).scoring == "3-1-0"
    assert Client().get(f"/api/events/{slug}/").json()["scoring"] == "3-1-0"


def test_a_win_scores_3_0_and_a_draw_1_1_and_the_standings_show_it(event_3_1_0):
    client, slug = event_3_1_0
    rows = [
        {"board": 1, "result": "1-0", "termination": "resignation"},
        {"board": 2, "result": "1/2-1/2", "termination": "agreement"},  # no material needed: it grades no ending
    ]
    response = client.post(f"/api/events/{slug}/rounds/1/results/", rows, format="json")
    assert response.status_code == 200, response.content
    games = Game.objects.filter(round__event__slug=slug).order_by("board")
    assert [(g.white_points, g.black_points) for g in games] == [(Decimal(3), Decimal(0)), (Decimal(1), Decimal(1))]
    assert [g.result for g in games] == ["1-0", "1/2-1/2"]
    page = Client().get(f"/events/{slug}/standings/").content.decode()
    assert "(Three points for a win (3, 1, 0))" in page
    winner, drawn = games[0].white.name, games[1].white.name
    rows = Client().get(f"/events/{slug}/export/standings.csv").content.decode().splitlines()
    assert any(winner in row and ",3," in row for row in rows), rows
    assert any(drawn in row and ",1," in row for row in rows), rows
    bye = [row for row in rows if ",3," in row and winner not in row]  # five players: the bye is a win's points
    assert bye, rows


def test_the_admin_form_offers_it_and_saves_an_event_with_it(three_one_zero, admin_client, admin_user):
    page = admin_client.get("/admin/tournaments/event/add/")
    assert '<option value="3-1-0">Three points for a win (3, 1, 0)</option>' in page.content.decode()
    data = {"name": "Club 3-1-0", "slug": "club-3-1-0", "format": "swiss", "rounds_planned": 5,
            "variant_policy": "fixed", "variant_key": "chess", "time_control": "90+30", "scoring": "3-1-0",
            "tiebreaks": "BH", "organizer": admin_user.pk, "is_public": "on"}  # fmt: skip
    for inline in page.context["inline_admin_formsets"]:  # no registrations, no forbidden pairings
        data |= {f"{inline.formset.prefix}-TOTAL_FORMS": 0, f"{inline.formset.prefix}-INITIAL_FORMS": 0}
    response = admin_client.post("/admin/tournaments/event/add/", data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    assert Event.objects.get(slug="club-3-1-0").scoring == "3-1-0"


def test_once_unregistered_it_is_offered_nowhere():
    assert get_profile("3-1-0") is THREE_ONE_ZERO
    unregister_profile(THREE_ONE_ZERO.key)
    try:
        assert "3-1-0" not in dict(profile_choices())
        response = client_for(organizer()).post("/api/events/", {"name": "X", "format": "swiss", "rounds": 3,
                                                "variant_policy": "rvc-one-roll", "scoring": "3-1-0"}, format="json")  # fmt: skip
        assert response.status_code == 400
        assert [e["field"] for e in response.json()["errors"]] == ["scoring"]
    finally:
        register_profile(THREE_ONE_ZERO)  # the rest of the run meets it again
