"""The result grid and the run sheet flag the games whose reports wait (disputed, reported and unconfirmed), the
grid offers the board editor for each final position, and a saved material decision keeps its position in the
field (issue 24)."""

from __future__ import annotations

import pytest

from tests.scoring import db
from tournaments.services.result_grid import enter_results

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(client):
    director = db.user("director", is_staff=True)
    ev = db.event(scoring="dynamic", variant_key="chess", organizer=director)
    anna, bert, cleo, dan = (db.user(n) for n in ("anna", "bert", "cleo", "dan"))
    players = [db.player(n.username.title(), account=n, ev=ev) for n in (anna, bert, cleo, dan)]
    first = db.game(ev, players[0], players[1], result_status="disputed")
    second = db.game(ev, players[2], players[3], result_status="reported")
    client.force_login(director)
    return ev, director, first, second


def test_the_run_sheet_lists_the_disputed_game_first_with_the_way_to_the_grid(client, event):
    ev, _, first, second = event
    html = client.get(f"/admin/tournaments/event/{ev.pk}/director/").content.decode()
    assert "Results to settle: 2" in html
    disputed, unconfirmed = html.index("Disputed</span>"), html.index("Reported, unconfirmed</span>")
    assert disputed < unconfirmed
    assert f"/admin/tournaments/round/{first.round.pk}/results/#board-1" in html


def test_the_grid_flags_both_and_offers_the_board_editor_on_every_row(client, event):
    _, _, first, second = event
    html = client.get(f"/admin/tournaments/round/{first.round.pk}/results/").content.decode()
    assert 'data-flag="disputed">Disputed<' in html and 'data-flag="reported">Reported, unconfirmed<' in html
    assert f'data-editor="/games/{first.pk}/board-editor/"' in html and f'data-editor="/games/{second.pk}/board-editor/"' in html
    assert html.count("Set up on a board") == 2


def test_a_saved_material_decision_keeps_its_position_in_the_field(client, event):
    _, director, first, _ = event
    position = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
    enter_results(first.round, [{"board": 1, "result": "1/2-1/2", "termination": "agreement", "position": position}], by=director)
    first.refresh_from_db()
    assert (first.white_points, first.black_points, first.position) == (51, 49, position)
    html = client.get(f"/admin/tournaments/round/{first.round.pk}/results/").content.decode()
    assert f'value="{position}"' in html
    sheet = client.get(f"/admin/tournaments/event/{first.round.event.pk}/director/").content.decode()
    assert "Results to settle: 1" in sheet and "Disputed</span>" not in sheet  # the decided game is settled
