"""The move path's hand-written lock query and token check give the same instances the ORM gives.

They convert values with the ORM's own converters (JSON columns, decimals, SQLite datetimes), so a move sees
exactly what any other code would read; the facts read with the row travel with it, typed (``LiveGame``), never
as attributes set on the model instance.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import transaction
from rest_framework.authtoken.models import Token

from accounts.authentication import TokenAuthentication
from games.play.live_game import GameFacts
from games.play.moves import submit_move
from games.play.store import lock_for_move
from tests.games.live_support import at, make_game
from tournaments.models import Game

pytestmark = pytest.mark.django_db


def field_values(instance):
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


def test_the_locked_game_equals_the_orm_game_field_by_field():
    game, white, black = make_game(time_control="5m+2")
    submit_move(game.pk, white, "e4", now=at(0))
    submit_move(game.pk, black, "e5", now=at(3))
    Game.objects.filter(pk=game.pk).update(white_points=Decimal("51.50"), black_points=Decimal("48.50"))
    expected = Game.objects.get(pk=game.pk)
    with transaction.atomic():
        locked = lock_for_move(game.pk)
    assert type(locked.game) is Game and field_values(locked.game) == field_values(expected)
    assert set(vars(locked.game)) == set(vars(expected))  # nothing set on the row beyond what the ORM sets
    assert isinstance(locked.game.moves, list) and isinstance(locked.game.clock, dict) and locked.game.started_at == at(0)
    slug = expected.round.event.slug
    assert locked.facts == GameFacts(white.pk, black.pk, "published", 1, slug, "5m+2")
    assert lock_for_move(10**9) is None


def test_the_token_check_returns_the_account_as_the_orm_does():
    _, white, _ = make_game()
    key = Token.objects.create(user=white).key
    user, token = TokenAuthentication().authenticate_credentials(key)
    assert token == key
    assert field_values(user) == field_values(type(white).objects.get(pk=white.pk))
