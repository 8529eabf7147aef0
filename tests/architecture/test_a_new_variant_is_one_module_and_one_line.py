"""Adding a variant is one Engine subclass and one registry line: a throwaway variant registered here is paired,
played live, scored, shown on the public pages and exported without any other change (docs/architecture.md)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from rest_framework.authtoken.models import Token

from scoring import CLASSICAL, DYNAMIC
from tests.tournaments.helpers import make_event, make_user
from tournaments.models import Event
from tournaments.services import pair_round, publish_round
from tournaments.services.results import record_result
from variants.base import CHECKMATE, PERPETUAL_CHECK
from variants.chess8 import ChessEngine
from variants.registry import register, unregister

pytestmark = pytest.mark.django_db

KEY = "throwaway-test"


class ThrowawayEngine(ChessEngine):
    """Plain chess under another name, where perpetual check is not an ending (so scoring must ask this class)."""

    key = KEY
    name = "Throwaway Chess"
    pgn_variant = "Throwaway Chess"
    endings = frozenset(e for e in ChessEngine.endings if e.name != PERPETUAL_CHECK)


@pytest.fixture
def throwaway():
    register(KEY, ThrowawayEngine)
    yield ThrowawayEngine
    unregister(KEY)


def paired_game(scoring: str):
    event, organizer, players = make_event(2, slug=f"throwaway-{scoring}", rounds=1, scoring=scoring, variant_key=KEY,
                                            variant_policy=Event.VariantPolicy.FIXED, is_public=True)  # fmt: skip
    for player in players:
        player.user = make_user(f"user-{player.pk}")
        player.save()
    rnd = publish_round(pair_round(event, 1, by=organizer), by=organizer)
    return rnd.games.get()


@pytest.fixture
def game(throwaway):
    return paired_game(DYNAMIC.key)


@pytest.fixture
def classical_game(throwaway):
    return paired_game(CLASSICAL.key)  # the FIDE TRF is written for classical scoring


def test_pairing_gives_the_board_the_new_variant_and_its_start(game):
    assert game.variant == KEY
    assert game.start_position == ThrowawayEngine.start_position()


def test_the_live_api_plays_it(game):
    client = Client(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=game.white.user).key}")
    answer = client.post(f"/api/games/{game.pk}/moves/", {"move": "e4"}, content_type="application/json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["moves"] == ["e4"]


def test_scoring_takes_its_endings_from_the_engine(game):
    with pytest.raises(ValidationError) as refused:
        record_result(game, result="1/2-1/2", termination=PERPETUAL_CHECK, checking_side="white")
    assert "termination" in refused.value.message_dict
    scored = record_result(game, result="1-0", termination=CHECKMATE)
    assert (scored.white_points, scored.black_points) == (Decimal("100"), Decimal("0"))


def test_the_public_pages_name_it(game):
    client = Client()
    for url in (f"/events/{game.round.event.slug}/", f"/games/{game.pk}/"):
        page = client.get(url)
        assert page.status_code == 200 and "Throwaway Chess" in page.content.decode(), url


def test_the_exports_carry_it(classical_game):
    record_result(classical_game, result="1-0", termination=CHECKMATE)
    slug = classical_game.round.event.slug
    pgn = Client().get(f"/events/{slug}/export/games.pgn")
    assert pgn.status_code == 200 and '[Variant "Throwaway Chess"]' in pgn.content.decode()
    assert '[Result "1-0"]' in pgn.content.decode()
    csv = Client().get(f"/events/{slug}/export/standings.csv")
    assert csv.status_code == 200 and "throwaway-classical Player 01" in csv.content.decode()
    trf = Client().get(f"/events/{slug}/export/tournament.trf").content.decode()
    assert trf.startswith("012 ") and " 1.0 " in trf
