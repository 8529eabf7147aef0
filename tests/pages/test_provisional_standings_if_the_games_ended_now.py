"""Standings if the games ended now (issue 29) through the API and the pages: ``?provisional=1`` counts each board
still in play as its verdict says, marks the table provisional and lists every live game with its verdict; the
round page shows each live board's verdict."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournaments.helpers import draw_fields, make_event
from tournaments.models import Game
from tournaments.services import enter_result, pair_round, publish_round
from variants import policies
from variants.registry import fixed_keys

pytestmark = pytest.mark.django_db

MATE = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"
NO_BLACK_QUEEN = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def _event(scoring: str):
    fields = {**draw_fields(policies.FIXED), "variant_key": fixed_keys()[0]}
    event, organizer, _ = make_event(6, slug=f"prov-{scoring}", scoring=scoring, **fields)
    event.status = event.Status.RUNNING
    event.save()
    one = pair_round(event, 1, by=organizer)
    one = publish_round(one, by=organizer)
    for game in one.games.order_by("board"):
        enter_result(game, result="1-0", termination="resignation", by=organizer)
    two = pair_round(event, 2, by=organizer)
    two = publish_round(two, by=organizer)
    boards = list(two.games.order_by("board"))
    for game, start in zip(boards, (MATE, NO_BLACK_QUEEN, ""), strict=True):
        Game.objects.filter(pk=game.pk).update(status=Game.Status.LIVE, start_position=start, moves=[] if start else ["e4", "e5"])
    return event, boards


def _points(rows):
    return {row["player_id"]: row["points"] for row in rows}


VERDICTS = [("dynamic", [(100, 0), (51, 49), (50, 50)]), ("classical", [(1, 0), (0.5, 0.5), (0.5, 0.5)])]


@pytest.mark.parametrize(("scoring", "verdicts"), VERDICTS)
def test_the_api_counts_each_live_game_as_its_verdict(scoring, verdicts):
    event, boards = _event(scoring)
    client = Client()
    official = client.get(f"/api/events/{event.slug}/standings/").json()
    answer = client.get(f"/api/events/{event.slug}/standings/?provisional=1")
    assert answer.status_code == 200, answer.content
    data = answer.json()
    assert data["provisional"] is True and official["provisional"] is False and official["live_games"] == []
    found = [(g["board"], g["verdict"]["white_points"], g["verdict"]["black_points"]) for g in data["live_games"]]
    assert found == [(b, *v) for b, v in zip((1, 2, 3), verdicts, strict=True)]
    assert data["live_games"][0]["verdict"]["ending"] == "checkmate"
    expected = _points(official["rows"])
    for game, (white, black) in zip(boards, verdicts, strict=True):
        expected[game.white_id] += white
        expected[game.black_id] += black
    assert _points(data["rows"]) == expected
    assert "2" in data["crosstable"][str(boards[0].white_id)]


def test_a_bad_provisional_value_is_a_400_and_one_after_an_earlier_round_a_404_naming_it():
    event, _ = _event("dynamic")
    client = Client()
    for query, status in (("provisional=maybe", 400), ("provisional=1&after=1", 404)):
        answer = client.get(f"/api/events/{event.slug}/standings/?{query}")
        assert answer.status_code == status and "provisional" in answer.json()["errors"], query
    same = client.get(f"/api/events/{event.slug}/standings/?provisional=1&after=2").json()  # the last published round
    assert same["provisional"] is True and same["after"] == 2
    assert client.get(f"/api/events/{event.slug}/standings/?provisional=0").json()["provisional"] is False


def test_the_pages_mark_the_table_provisional_and_show_each_verdict():
    event, boards = _event("dynamic")
    client = Client()
    page = client.get(f"/events/{event.slug}/standings/?provisional=1").content.decode()
    assert "Provisional" in page and "standings if the games ended now" in page
    assert "checkmate on the board: White wins" in page and "White ahead by 6 or more" in page
    assert f'data-live-games="{boards[0].pk},{boards[1].pk},{boards[2].pk}"' in page
    assert "If the games ended now" in client.get(f"/events/{event.slug}/standings/").content.decode()
    round_page = client.get(f"/events/{event.slug}/rounds/2/").content.decode()
    assert round_page.count('class="verdict"') == 3 and 'now: 1-0<span class="wide-only"> (100 – 0)</span>' in round_page
