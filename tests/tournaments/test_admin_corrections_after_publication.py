"""The review page offers the corrections after publication (swap, forfeit, bye, exchange, unpublish) on boards
still unplayed; "Delete this round" asks first; a withdrawn player is not offered for an exchange; the run sheet
closes the event (asking first)."""

from __future__ import annotations

import pytest

from tests.tournaments.helpers import make_event, play_round
from tournaments.models import Bye, Event, Game, PairingChange, Round
from tournaments.services import enter_result, pair_round, publish_round, withdraw_player

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client):
    event, organizer, players = make_event(5, slug="cup", rounds=2, variant_policy="fixed", variant_key="chess")
    client.force_login(organizer)
    return client, event, organizer, players


def review(rnd: Round) -> str:
    return f"/admin/tournaments/round/{rnd.pk}/review/"


def test_a_published_round_offers_corrections_on_unplayed_boards(director):
    client, event, organizer, _ = director
    rnd = publish_round(pair_round(event, by=organizer), by=organizer)
    enter_result(rnd.games.get(board=2), result="1-0", termination="resignation", by=organizer)
    page = client.get(review(rnd)).content.decode()
    assert 'aria-label="Correct board 1"' in page and 'aria-label="Correct board 2"' not in page
    assert "played: use the result grid" in page and "Unpublish round 1" not in page  # board 2 has a result
    game = rnd.games.get(board=1)
    white, black = game.white_id, game.black_id
    client.post(review(rnd), {"op": "correct", "board": "1", "correction": "swap"})
    game.refresh_from_db()
    assert (game.white_id, game.black_id) == (black, white)
    assert PairingChange.objects.filter(round=rnd, action="pairing-corrected").count() == 1


def test_a_forfeit_and_a_bye_replace_published_boards(director):
    client, event, organizer, _ = director
    rnd = publish_round(pair_round(event, by=organizer), by=organizer)
    one, two = rnd.games.get(board=1), rnd.games.get(board=2)
    client.post(review(rnd), {"op": "correct", "board": "1", "correction": "forfeit-both"})
    one.refresh_from_db()
    assert (one.result, one.termination) == ("0-0", "forfeit")
    client.post(review(rnd), {"op": "correct", "board": "2", "correction": "bye-black", "override": "no second game"})
    assert not Game.objects.filter(pk=two.pk).exists()
    kinds = dict(rnd.byes.values_list("player_id", "kind"))
    assert kinds[two.white_id] == Bye.Kind.ABSENT and kinds[two.black_id] == Bye.Kind.PAIRING


def test_unpublish_from_the_review_page(director):
    client, event, organizer, _ = director
    rnd = publish_round(pair_round(event, by=organizer), by=organizer)
    assert "Unpublish round 1" in client.get(review(rnd)).content.decode()
    client.post(review(rnd), {"op": "unpublish"})
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.PAIRED


def test_delete_this_round_asks_first(director):
    client, event, organizer, _ = director
    rnd = pair_round(event, by=organizer)
    asked = client.post(review(rnd), {"op": "delete"})
    assert asked.status_code == 200 and "Yes, delete round 1" in asked.content.decode()
    assert Round.objects.filter(pk=rnd.pk).exists()
    client.post(review(rnd), {"op": "delete", "confirm": "yes"})
    assert not Round.objects.filter(pk=rnd.pk).exists()


def test_a_withdrawn_player_is_not_offered_for_an_exchange(director):
    client, event, organizer, players = director
    rnd = publish_round(pair_round(event, by=organizer), by=organizer)
    play_round(rnd, by=organizer)
    withdraw_player(event, players[4], by=organizer)
    rnd2 = pair_round(event, by=organizer)
    page = client.get(review(rnd2)).content.decode()
    options = page[page.index('name="first"') : page.index('name="second"')]
    assert players[4].name not in options and players[0].name in options


def test_the_run_sheet_closes_the_event_once_sure(director):
    client, event, organizer, _ = director
    url = f"/admin/tournaments/event/{event.pk}/director/"
    for number in (1, 2):
        play_round(publish_round(pair_round(event, number, by=organizer), by=organizer), by=organizer)
    assert "Close the event" in client.get(url).content.decode()
    client.post(url, {"op": "close"})
    assert Event.objects.get(pk=event.pk).status != Event.Status.CLOSED
    client.post(url, {"op": "close", "confirm": "yes"})
    assert Event.objects.get(pk=event.pk).status == Event.Status.CLOSED
    assert PairingChange.objects.filter(event=event, action="event-closed").exists()
