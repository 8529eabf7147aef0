"""The mails of play (games.mail): a published round tells each player board, colour, opponent, variant and start
(in plain text and HTML); a reported result tells the opponent, with links to a page that confirms or disputes it;
an arbiter's decision of a dispute tells both players. A person who turned a kind off gets none of it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.core import mail
from django.test import Client

from accounts import notifications
from tests.games.report_api_support import client_for
from tests.scoring import db
from tournaments.models import Game
from tournaments.services import pair_round, publish_round, schedule_round

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def event(settings):
    settings.SITE_URL = "https://chess.example.org"
    organizer = db.user("organizer", is_staff=True)
    ev = db.event(scoring="classical", variant_key="chess", organizer=organizer, time_control="15+10")
    anna = db.user("anna", email="anna@example.org")
    white = db.player("Anna Berger", account=anna, ev=ev, rating=2100, seed=1)
    black = db.player("Bert Kowalski", ev=ev, rating=2000, seed=2)
    black.email = "bert@example.org"
    black.save()
    return {"event": ev, "organizer": organizer, "anna": anna, "white": white, "black": black}


def _publish(ev, organizer):
    rnd = pair_round(ev, by=organizer)
    schedule_round(rnd, datetime(2026, 12, 5, 14, 30, tzinfo=UTC), by=organizer)
    return publish_round(rnd, by=organizer)


def test_a_published_round_tells_each_player_board_colour_and_opponent(event):
    rnd = _publish(event["event"], event["organizer"])
    game = rnd.games.get()
    by_address = {m.to[0]: m for m in mail.outbox}
    assert set(by_address) == {"anna@example.org", "bert@example.org"}
    anna_colour = "White" if game.white == event["white"] else "Black"
    message = by_address["anna@example.org"]
    assert f"board 1, {anna_colour} against Bert Kowalski" in message.subject
    assert "Board:      1" in message.body and f"Colour:     {anna_colour}" in message.body
    assert "Opponent:   Bert Kowalski (2000)" in message.body and "Sat 5 Dec 2026, 14:30 UTC" in message.body
    assert f"https://chess.example.org/games/{game.pk}/play/" in message.body
    assert f"https://chess.example.org/events/{event['event'].slug}/rounds/1/" in message.body
    html = message.alternatives[0][0]
    assert "Bert Kowalski" in html and f'href="https://chess.example.org/games/{game.pk}/play/"' in html
    assert "Opponent:   Anna Berger (2100)" in by_address["bert@example.org"].body


def test_a_player_who_turned_round_mails_off_gets_none(event):
    notifications.set_muted(event["anna"], [notifications.ROUND_PUBLISHED])
    _publish(event["event"], event["organizer"])
    assert [m.to for m in mail.outbox] == [["bert@example.org"]]


def test_the_opponent_is_told_of_a_report_and_answers_it_from_the_mails_page(event):
    rnd = _publish(event["event"], event["organizer"])
    game = rnd.games.get()
    bert = db.user("bert", email="bert@example.org")
    event["black"].user = bert
    event["black"].save()
    mail.outbox.clear()
    result = "1-0" if game.white == event["white"] else "0-1"
    body = {"result": result, "termination": "resignation"}
    response = client_for(event["anna"]).post(f"/api/games/{game.pk}/report/", body, format="json")
    assert response.status_code == 201
    (message,) = mail.outbox
    assert message.to == ["bert@example.org"] and "Anna Berger reported" in message.subject
    confirm = f"https://chess.example.org/games/{game.pk}/report/?answer=confirm"
    assert confirm in message.body and f"/games/{game.pk}/report/?answer=dispute" in message.body
    browser = Client()
    browser.force_login(bert)
    page = browser.get(f"/games/{game.pk}/report/?answer=confirm")
    assert page.status_code == 200 and b"Confirm" in page.content
    assert Game.objects.get(pk=game.pk).result_status == Game.ResultStatus.REPORTED  # opening the link changes nothing
    stranger = Client()
    stranger.force_login(event["organizer"])
    assert stranger.post(f"/games/{game.pk}/report/", {"answer": "confirm"}).status_code == 403
    done = browser.post(f"/games/{game.pk}/report/", {"answer": "confirm"})
    assert done.status_code == 200 and b"Confirmed" in done.content
    assert Game.objects.get(pk=game.pk).result_status == Game.ResultStatus.FINAL
    again = browser.post(f"/games/{game.pk}/report/", {"answer": "dispute"})
    assert again.status_code == 409


def test_a_decided_dispute_is_told_to_both_players(event):
    rnd = _publish(event["event"], event["organizer"])
    game = rnd.games.get()
    bert = db.user("bert", email="bert@example.org")
    event["black"].user = bert
    event["black"].save()
    client_for(event["anna"]).post(
        f"/api/games/{game.pk}/report/", {"result": "1-0", "termination": "resignation"}, format="json"
    )
    assert client_for(bert).post(f"/api/games/{game.pk}/report/dispute/", {}, format="json").status_code == 200
    mail.outbox.clear()
    decided = client_for(event["organizer"]).post(f"/api/games/{game.pk}/result/", {"result": "1/2-1/2",
                                                  "termination": "agreement"}, format="json")  # fmt: skip
    assert decided.status_code == 200, decided.content
    assert sorted(m.to[0] for m in mail.outbox) == ["anna@example.org", "bert@example.org"]
    assert all("the arbiter decided 1/2-1/2" in m.subject for m in mail.outbox)


def test_a_player_with_a_bye_is_told_so(event):
    odd = db.player("Cleo Odd", ev=event["event"], rating=1500, seed=3)
    odd.email = "cleo@example.org"
    odd.save()
    _publish(event["event"], event["organizer"])
    (message,) = [m for m in mail.outbox if m.to == ["cleo@example.org"]]
    assert "you have a bye" in message.subject and "you do not play in it" in message.body
