"""One engine module that fails to import breaks only its own variant: a variant registered by a module that raises
on import leaves every other variant's moves working over the API, its own games answer a clear refusal naming the
variant (409, never a 500), the registry's helpers that go through every engine leave it out, and the failure is
logged once (variants.registry, config.api_errors)."""

from __future__ import annotations

import logging
import sys

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.games.live_support import make_game
from tournaments.models import Game
from variants import registry

pytestmark = pytest.mark.django_db

KEY = "broken-test"
MODULE = "broken_engine_for_the_test"


@pytest.fixture
def broken(tmp_path, monkeypatch):
    (tmp_path / f"{MODULE}.py").write_text('raise RuntimeError("this engine module is broken on purpose")\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.register(KEY, f"{MODULE}:BrokenEngine")
    yield KEY
    registry.unregister(KEY)
    sys.modules.pop(MODULE, None)


def client_for(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client


@pytest.mark.parametrize(("variant", "first_move"), [("chess", "e4"), ("sscc", "e4"), ("reach", None)])
def test_the_other_variants_are_played_over_the_api(broken, variant, first_move):
    game, white, _ = make_game(variant=variant)
    player = client_for(white)
    state = player.get(f"/api/games/{game.pk}/")
    assert state.status_code == 200, state.content
    move = first_move or state.json()["legal_moves"][0]
    answer = player.post(f"/api/games/{game.pk}/moves/", {"move": move}, format="json")
    assert answer.status_code == 200, answer.content
    assert len(answer.json()["moves"]) == 1


def test_the_broken_variants_game_is_refused_clearly_and_nothing_changes(broken):
    game, white, _ = make_game(variant=KEY)
    player = client_for(white)
    for response in (
        player.post(f"/api/games/{game.pk}/moves/", {"move": "e4"}, format="json"),
        player.get(f"/api/games/{game.pk}/"),
        player.post(f"/api/games/{game.pk}/resign/", format="json"),
    ):
        assert response.status_code == 409, response.content
        body = response.json()
        assert KEY in body["errors"]["variant"][0] and "unavailable" in body["detail"]
    pages = Client()
    assert pages.get(reverse("game-live", args=[game.pk])).status_code == 404  # no page to show, and no 500
    data = pages.get(reverse("game-play-data", args=[game.pk]))
    assert data.status_code == 409 and KEY in data.json()["errors"]["variant"][0]
    stored = Game.objects.get(pk=game.pk)
    assert (stored.moves, stored.version, stored.status, stored.result) == ([], 0, game.status, "")


def test_the_registrys_helpers_leave_it_out_and_say_so_once(broken, caplog):
    with caplog.at_level(logging.ERROR, logger="variants.registry"):
        keys = [engine.key for engine in registry.engines()]
        choices = dict(registry.variant_choices())
        fixed = registry.fixed_keys()
        with pytest.raises(registry.VariantUnavailable) as refused:
            registry.get_engine(KEY)
    assert KEY not in keys and KEY not in choices and KEY not in fixed and "chess" in keys
    assert KEY in registry.variant_keys()  # still registered: only its engine is missing
    assert "RuntimeError" in str(refused.value) and isinstance(refused.value, KeyError)
    assert len([r for r in caplog.records if KEY in r.getMessage()]) == 1
