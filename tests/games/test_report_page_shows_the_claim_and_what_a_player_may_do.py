"""The report page (/games/{id}/report/) and "My games" of a reported or disputed game, without a browser: the
opponent sees the claimed result with its points and the buttons to answer it; the reporter sees that it waits;
a dispute says an arbiter decides; only the players open the page; "My games" no longer lists such a game as
"Upcoming · Not started" (issue 24)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.games.report_api_support import client_for
from tests.scoring import db

pytestmark = pytest.mark.django_db


@pytest.fixture
def board():
    ev = db.event(scoring="dynamic", variant_key="chess", organizer=db.user("director"), is_public=True)
    anna, bert = db.user("anna"), db.user("bert")
    game = db.game(ev, db.player("Anna Berger", account=anna, ev=ev), db.player("Bert Kowalski", account=bert, ev=ev))
    return game, anna, bert


def _page(user, path: str):
    client = Client()
    client.force_login(user)
    return client.get(path)


def test_a_paired_game_offers_the_report_form_with_the_variants_endings(board):
    game, anna, _ = board
    html = _page(anna, f"/games/{game.pk}/report/").content.decode()
    assert 'id="report-form"' in html and "Report the result" in html
    assert 'value="agreement"' in html and 'value="checkmate"' in html
    assert '"material": [' in html and '"sides": {' in html  # what the scoring needs of each ending


def test_the_opponent_sees_the_claim_and_answers_it_the_reporter_waits(board):
    game, anna, bert = board
    body = {"result": "1-0", "termination": "resignation", "comment": "Bert resigned on move 30"}
    assert client_for(anna).post(f"/api/games/{game.pk}/report/", body, format="json").status_code == 201
    theirs = _page(bert, f"/games/{game.pk}/report/").content.decode()
    assert "Anna Berger reports" in theirs and "1-0 · resignation" in theirs and "White 100 – Black 0" in theirs
    assert 'data-answer="confirm"' in theirs and 'data-answer="dispute"' in theirs
    mine = _page(anna, f"/games/{game.pk}/report/").content.decode()
    assert "Waiting for your opponent" in mine and 'data-answer="confirm"' not in mine

    listing = _page(bert, "/games/mine/").content.decode()
    assert "Results to settle" in listing and "Not started" not in listing
    assert "Confirm or dispute the result" in listing and f"/games/{game.pk}/report/" in listing


def test_a_dispute_says_an_arbiter_decides_on_both_pages(board):
    game, anna, bert = board
    client_for(anna).post(f"/api/games/{game.pk}/report/", {"result": "1-0", "termination": "resignation"}, format="json")
    client_for(bert).post(f"/api/games/{game.pk}/report/dispute/", {"comment": "I did not resign"}, format="json")
    html = _page(anna, f"/games/{game.pk}/report/").content.decode()
    assert "Result disputed" in html and "An arbiter decides" in html and "I did not resign" in html
    listing = _page(anna, "/games/mine/").content.decode()
    assert "Result disputed" in listing and "an arbiter decides" in listing and "Not started" not in listing


def test_only_the_players_open_the_report_page(board):
    game, _, _ = board
    assert _page(db.user("stranger"), f"/games/{game.pk}/report/").status_code == 403
    assert Client().get(f"/games/{game.pk}/report/").status_code == 302  # to the login
    assert _page(db.user("other"), "/games/999999/report/").status_code == 404


def test_a_draw_by_agreement_scored_on_material_says_how_it_is_recorded_before_anyone_confirms(board):
    game, anna, bert = board
    ahead = "4k3/8/8/8/8/8/3R4/4K3 w - - 0 60"  # White a rook up
    body = {"result": "1/2-1/2", "termination": "agreement", "position": ahead}
    answer = client_for(anna).post(f"/api/games/{game.pk}/report/", body, format="json")
    assert answer.status_code == 201 and answer.json()["recorded_result"] == "1-0"
    said = "½-½ by agreement is recorded as 1-0, 51–49: White is ahead on material."
    assert said in _page(bert, f"/games/{game.pk}/report/").content.decode()  # the opponent, before confirming
    assert said in _page(anna, f"/games/{game.pk}/report/").content.decode()  # the reporter, while it waits


def test_a_report_recorded_as_reported_says_nothing_more(board):
    game, anna, bert = board
    body = {"result": "1-0", "termination": "resignation"}
    answer = client_for(anna).post(f"/api/games/{game.pk}/report/", body, format="json")
    assert answer.json()["recorded_result"] == "1-0"
    assert "data-recorded-as" not in _page(bert, f"/games/{game.pk}/report/").content.decode()
