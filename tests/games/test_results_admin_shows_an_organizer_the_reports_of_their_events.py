"""Organizers see the result reports (and disputes) of their own events in the admin and accept one; reports of
other organizers' events stay out of reach."""

from __future__ import annotations

from decimal import Decimal

import pytest

from games.models import ResultReport
from tests.scoring import db

pytestmark = pytest.mark.django_db


def _report(game, reporter, **fields):
    defaults = {"result": "1/2-1/2", "termination": "stalemate", "white_points": 60, "black_points": 40}
    return ResultReport.objects.create(game=game, reporter=reporter, **(defaults | fields))


@pytest.fixture
def two_events():
    mine_org, theirs_org = db.user("mine-org", is_staff=True), db.user("theirs-org", is_staff=True)
    mine, theirs = db.event(organizer=mine_org), db.event(organizer=theirs_org)
    anna, bert = db.user("anna"), db.user("bert")
    my_game = db.game(mine, db.player("Anna", account=anna, ev=mine), db.player("Bert", ev=mine))
    their_game = db.game(theirs, db.player("Cleo", account=bert, ev=theirs), db.player("Dan", ev=theirs))
    return {
        "me": mine_org,
        "my_report": _report(my_game, anna, status="disputed"),
        "their_report": _report(their_game, bert),
    }


def test_the_organizer_lists_only_the_reports_of_their_events(client, two_events):
    client.force_login(two_events["me"])
    page = client.get("/admin/games/resultreport/")
    assert page.status_code == 200
    html = page.content.decode()
    assert f"/admin/games/resultreport/{two_events['my_report'].pk}/change/" in html
    assert f"/admin/games/resultreport/{two_events['their_report'].pk}/change/" not in html


def test_accepting_a_disputed_stalemate_report_makes_it_final(client, two_events):
    client.force_login(two_events["me"])
    report = two_events["my_report"]
    client.post("/admin/games/resultreport/", {"action": "accept_reports", "_selected_action": [report.pk]})
    report.refresh_from_db()
    game = report.game
    game.refresh_from_db()
    assert (report.status, report.settled_by) == (ResultReport.Status.SETTLED, two_events["me"])
    assert (game.result_status, game.white_points, game.black_points) == ("final", Decimal(60), Decimal(40))


def test_another_organizers_report_cannot_be_accepted(client, two_events):
    client.force_login(two_events["me"])
    report = two_events["their_report"]
    client.post("/admin/games/resultreport/", {"action": "accept_reports", "_selected_action": [report.pk]})
    report.game.refresh_from_db()
    assert report.game.result_status == ""
