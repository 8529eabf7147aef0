"""Fuzz every operation of the project's own OpenAPI schema (/api/schema/) through the WSGI app: no 5xx, ever.

Bounded and repeatable: a fixed number of derandomized examples per operation. Requests carry a real token, a
player's or the organizer's (so the authenticated and arbiter paths run, not only the 401s), against a database
holding a real event with published rounds, games and a standings snapshot; most generated ids, slugs and round
numbers are pointed at those objects.
"""

from __future__ import annotations

import zlib

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error

from config.wsgi import application
from tests.depth import deep
from tests.pages.conftest import build_spring_open

MAX_EXAMPLES = 20 if deep() else 8  # per operation
# Schemathesis builds its coverage cases (every boundary of every schema, Hypothesis's explicit phase) while the
# test is collected: half a minute, paid again by each xdist worker, whichever runs the test. `make test` fuzzes
# without them; `make test-slow` (the ``deep`` run, in CI too) adds them, so CI still tries every case it tried.
PHASES = tuple(Phase) if deep() else tuple(phase for phase in Phase if phase is not Phase.explicit)


# Loaded at collection (pytest-django has configured Django by then); generating the schema needs no database.
# (schemathesis.pytest.from_fixture does not work with pytest 9: it reads the removed ``Node._nodeid``.)
schema = schemathesis.openapi.from_wsgi("/api/schema/", application)


@pytest.fixture
def _keep_the_test_connection():
    """Calling the WSGI app directly fires request_finished, whose close_old_connections would close the test's
    database connection (and its transaction) on PostgreSQL; Django's own test client disconnects it the same way.
    """
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def fuzz_world(db, _keep_the_test_connection) -> dict:
    """A real event (games Anna plays: final, reported, unpublished), Anna's token and the organizer's."""
    built = build_spring_open()
    organizer = built.event.organizer
    organizer.is_staff = True
    organizer.save()
    return {
        "player_token": Token.objects.create(user=built.players["Anna"].user).key,
        "arbiter_token": Token.objects.create(user=organizer).key,
        "game_ids": sorted(game.id for game in built.games.values()),
        "slug": built.event.slug,
    }


def _checksum(case) -> int:
    return zlib.crc32(repr((sorted((case.path_parameters or {}).items()), case.body, case.query)).encode())


def _aim_at_real_objects(case, world: dict) -> None:
    """Point two in three generated ids, slugs and round numbers at objects that exist, so the handlers behind
    the 404s run with the fuzzed bodies too. Deterministic: the choice is a checksum of the generated case.
    """
    params = case.path_parameters or {}
    pick = _checksum(case)
    if pick % 3 == 0:
        return
    for name, value in list(params.items()):
        if name in ("id", "game_id", "pk") and str(value).lstrip("-").isdigit():
            params[name] = world["game_ids"][pick % len(world["game_ids"])]
        elif name == "slug":
            params[name] = world["slug"]
        elif name == "number" and str(value).lstrip("-").isdigit():
            params[name] = 1 + pick % 3  # rounds 1, 2 published; 3 paired only


@pytest.mark.deep
@schema.parametrize()
@settings(
    phases=PHASES,
    max_examples=MAX_EXAMPLES,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_no_operation_answers_with_a_server_error(case, fuzz_world):
    # Half the cases as a player, half as the organizer (staff), who may use the arbiter operations.
    token = fuzz_world["arbiter_token"] if _checksum(case) % 2 else fuzz_world["player_token"]
    _aim_at_real_objects(case, fuzz_world)
    response = case.call(headers={"Authorization": f"Token {token}"})
    case.validate_response(response, checks=[not_a_server_error])
