"""The demo event read round by round through the public API and pages:

* every board's ``score_before`` is the player's points in the standings after the round before;
* ``?after=N`` is what the standings are when computed from a database holding rounds 1..N only;
* the 12x8 games of the PGN export carry a six-field FEN and the castling geometry in ``CastlingSteps``.
"""

from __future__ import annotations

import io

import chess.pgn
import pytest
from django.core.management import call_command
from django.db import transaction

from tests.pages.tables import table_with_caption
from tournaments.models import Event, Game, Round
from tournaments.standings import event_standings
from variants.registry import get_engine, rolled_key

SLUG = "demo-rvc-swiss"
ROUNDS = 5  # the demo: rounds 1-4 played, round 5 published and unplayed
COMPARED = ("player_id", "rank", "points", "games", "wins", "tiebreaks", "colours", "performance")


@pytest.fixture
def demo(db, settings, django_capture_on_commit_callbacks):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # the demo sets 13 passwords
    with django_capture_on_commit_callbacks(execute=True):  # the demo publishes its standings snapshot on commit
        call_command("demo", "--password", "pw-demo-123")
    event = Event.objects.get(slug=SLUG)
    assert event.snapshot.data["rows"], "the demo publishes a standings snapshot"
    return event


def _points_after(client, number: int) -> dict[int, float]:
    if number == 0:
        return {}
    data = client.get(f"/api/events/{SLUG}/standings/?after={number}").json()
    assert data["after"] == number
    return {row["player_id"]: row["points"] for row in data["rows"]}


def test_scores_before_each_round_are_the_standings_after_the_round_before(client, demo):
    for number in range(1, ROUNDS + 1):
        before = _points_after(client, number - 1)
        payload = client.get(f"/api/events/{SLUG}/rounds/{number}/").json()
        games = payload["games"]
        assert len(games) == 6
        for game in [*games, *payload["boards"]]:  # the public games and the organizer's boards alike
            for side in ("white", "black"):
                player = game[side]
                assert player["score_before"] == before.get(player["id"], 0.0), (number, game["board"], side)
        page = table_with_caption(client.get(f"/events/{SLUG}/rounds/{number}/").content.decode(), f"round {number}")
        assert [(float(row[3]), float(row[5])) for row in page.rows] == [
            (g["white"]["score_before"], g["black"]["score_before"]) for g in games
        ]
    assert any(value > 0 for value in _points_after(client, ROUNDS - 1).values())


def _recomputed_from_first_rounds(event: Event, number: int) -> dict:
    """The standings computed by the publishing code from a database where rounds after ``number`` never
    happened (rolled back afterwards)."""
    with transaction.atomic():
        Round.objects.filter(event=event, number__gt=number).delete()
        fresh = event_standings(event)
        transaction.set_rollback(True)
    return fresh


def test_standings_after_each_round_are_a_recomputation_from_the_first_n_rounds(client, demo):
    for number in range(1, ROUNDS + 1):
        served = client.get(f"/api/events/{SLUG}/standings/?after={number}").json()
        fresh = _recomputed_from_first_rounds(demo, number)
        assert [{key: row[key] for key in COMPARED} for row in served["rows"]] == [
            {key: row[key] for key in COMPARED} for row in fresh["rows"]
        ], number
        assert served["crosstable"] == fresh["crosstable"] and served["rounds_complete"] == fresh["rounds_complete"]
        page = table_with_caption(client.get(f"/events/{SLUG}/standings/?after={number}").content.decode(), "Standings")
        assert page.row_headers == [row["name"] for row in fresh["rows"]]
    assert Game.objects.filter(round__event=demo).count() == 30  # nothing was lost to the recomputations


def test_rank_changes_in_the_api_follow_the_standings_of_consecutive_rounds(client, demo):
    for number in range(2, ROUNDS + 1):
        previous = client.get(f"/api/events/{SLUG}/standings/?after={number - 1}").json()["rows"]
        before = {row["player_id"]: row["rank"] for row in previous}
        rows = client.get(f"/api/events/{SLUG}/standings/?after={number}").json()["rows"]
        assert [row["rank_change"] for row in rows] == [before[row["player_id"]] - row["rank"] for row in rows]
    assert {row["rank_change"] for row in client.get(f"/api/events/{SLUG}/standings/?after=1").json()["rows"]} == {None}


def test_a_bad_after_is_a_400_naming_the_field(client, demo):
    for bad in ("0", "two", "1e1"):
        response = client.get(f"/api/events/{SLUG}/standings/?after={bad}")
        assert response.status_code == 400, bad
        assert list(response.json()["errors"]) == ["after"]


def test_an_after_past_the_published_rounds_is_a_404_naming_the_field(client, demo):
    response = client.get(f"/api/events/{SLUG}/standings/?after={ROUNDS + 1}")
    assert response.status_code == 404  # a round number, but no published round of that number (issue 17's schema)
    assert list(response.json()["errors"]) == ["after"]


def test_the_12x8_games_of_the_export_have_a_six_field_fen_and_the_castling_steps_in_a_tag(client, demo):
    text = client.get(f"/events/{SLUG}/export/games.pgn").content.decode()
    stream, seen = io.StringIO(text), 0
    engine = get_engine(rolled_key())
    games = {(g.round.number, g.board): g for g in Game.objects.filter(round__event=demo).select_related("round")}
    while (headers := chess.pgn.read_headers(stream)) is not None:
        game = games[(int(headers["Round"]), int(headers["Board"]))]
        assert headers["Variant"] == engine.pgn_variant and headers["SetUp"] == "1"
        assert len(headers["FEN"].split()) == 6 and headers["FEN"].split()[0].count("/") == 7
        assert f"{headers['FEN']} {headers['CastlingSteps']}" == game.start_position
        assert headers["Termination"] in ("normal", "time forfeit", "unterminated")
        seen += 1
    assert seen == len(games) == 30
