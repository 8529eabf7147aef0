"""A new way to win is one ending its engine declares: a throwaway King of the Hill (a king on one of the four
centre squares wins), one class and one registry line in tests/architecture/extensions/ for the whole run, ends
its game live over the API by that ending, is scored (100-0 dynamic, 1-0 classical), shown on the public pages
and in the result grid (its label), accepted by the report API and exported (PGN and TRF), with no other edit
(docs/architecture.md, "Extension points")."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from games.serializers_results import ResultInputSerializer
from scoring import CLASSICAL, DYNAMIC, game_points
from tests.architecture.extensions.king_of_the_hill import HILL, KEY, HillEngine
from tests.tournaments.helpers import make_event, make_user
from tournaments.exports.trf import trf_name
from tournaments.models import Event, Game
from tournaments.services import pair_round, publish_round
from variants.base import BLACK, WHITE
from variants.registry import ending_names, get_engine

pytestmark = pytest.mark.django_db

# White's king walks to d4 while Black shuffles a rook's pawn: the fourth White move reaches the hill.
MOVES = ["e4", "a6", "Ke2", "a5", "Ke3", "a4", "Kd4"]


@pytest.fixture
def hill():
    """The engine, registered for the whole run (tests/architecture/extensions/king_of_the_hill.py)."""
    return get_engine(KEY)


def finished_game(scoring: str) -> Game:
    """A paired board of a public hill event, played live over the API until White's king reaches the hill."""
    event, organizer, players = make_event(2, slug=f"hill-{scoring}", rounds=1, scoring=scoring, variant_key=KEY,
                                            variant_policy=Event.VariantPolicy.FIXED, is_public=True)  # fmt: skip
    for player in players:
        player.user = make_user(f"user-{player.pk}")
        player.save()
    game = publish_round(pair_round(event, 1, by=organizer), by=organizer).games.get()
    clients = {
        seat: Client(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=player.user).key}")
        for seat, player in ((WHITE, game.white), (BLACK, game.black))
    }
    for ply, move in enumerate(MOVES):
        answer = clients[(WHITE, BLACK)[ply % 2]].post(f"/api/games/{game.pk}/moves/", {"move": move},
                                                      content_type="application/json")  # fmt: skip
        assert answer.status_code == 200, answer.content
    game.refresh_from_db()
    return game


def test_the_engine_declares_it_and_every_list_of_endings_has_it(hill):
    assert hill is HillEngine
    assert HILL in hill.terminations and hill.ending(HILL).label == "reached the hill"
    assert HILL in ending_names()
    assert ResultInputSerializer(data={"result": "1-0", "termination": HILL}).is_valid()
    assert game_points(DYNAMIC, termination=HILL, winner=BLACK, variant=KEY) == (0, 100)


@pytest.mark.parametrize(("scoring", "points"), [(DYNAMIC.key, (100, 0)), (CLASSICAL.key, (1, 0))])
def test_a_live_game_ends_by_it_and_is_scored(hill, scoring, points):
    game = finished_game(scoring)
    assert (game.status, game.result_status) == (Game.Status.FINISHED, Game.ResultStatus.FINAL)
    assert (game.result, game.termination) == ("1-0", HILL)
    assert (game.white_points, game.black_points) == tuple(Decimal(p) for p in points)


def test_the_public_pages_and_the_result_grid_show_it(hill):
    game = finished_game(DYNAMIC.key)
    slug = game.round.event.slug
    for url in (f"/events/{slug}/rounds/1/", f"/events/{slug}/players/{game.white_id}/", f"/games/{game.pk}/"):
        page = Client().get(url)
        assert page.status_code == 200 and HILL in page.content.decode(), url
    director = Client()
    director.force_login(game.round.event.organizer)
    grid = director.get(f"/admin/tournaments/round/{game.round_id}/results/").content.decode()
    assert f'<option value="{HILL}" selected>reached the hill</option>' in grid


def test_the_exports_carry_it(hill):
    game = finished_game(CLASSICAL.key)  # the FIDE TRF is written for classical scoring
    slug = game.round.event.slug
    pgn = Client().get(f"/events/{slug}/export/games.pgn").content.decode()
    assert '[Variant "King of the Hill"]' in pgn and '[Result "1-0"]' in pgn
    assert '[Termination "normal"]' in pgn and f'[TerminationDetail "{HILL}"]' in pgn
    trf = Client().get(f"/events/{slug}/export/tournament.trf").content.decode()
    players = [line for line in trf.splitlines() if line.startswith("001 ")]
    assert len(players) == 2 and trf.startswith("012 ")
    white, black = sorted(players, key=lambda line: trf_name(game.white.name) not in line)
    assert white.rstrip().endswith(" w 1") and black.rstrip().endswith(" b 0"), players
