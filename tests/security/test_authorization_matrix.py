"""Every request of the matrix (tests/security/matrix.py) as every role: the status each role must get, and a
refused request changes nothing. docs/security.md shows the same table (checked below)."""

from __future__ import annotations

import os

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.play.engines import clear_engine_cache
from games.play.flags import forget_armed
from outbox.models import Task
from tests.security.matrix import DOC, ROLES, ROWS, Row, embedded, render, rewrite
from tournaments.models import Event, Game, Player, Round

pytestmark = pytest.mark.django_db
VARIANT = "chess"  # any fixed variant: the matrix is about who may act, not about the rules


def _user(username: str, **fields):
    return get_user_model().objects.create(username=username, **fields)


def _event(slug: str, organizer) -> Event:
    return Event.objects.create(
        name=slug.title(), slug=slug, organizer=organizer, variant_policy=Event.VariantPolicy.FIXED,
        variant_key=VARIANT, time_control="10m", status=Event.Status.RUNNING,
    )  # fmt: skip


def _game(rnd: Round, board: int, white: Player, black: Player) -> Game:
    return Game.objects.create(round=rnd, board=board, white=white, black=black, variant=VARIANT)


def build_world() -> dict:
    """One event with a published round 1 (the player's game) and a paired, unpublished round 2; another event."""
    users = {
        "player": _user("player"),
        "opponent": _user("opponent"),
        "other player": _user("other-player"),
        "arbiter": _user("arbiter", is_staff=True),
        "organizer": _user("organizer", is_staff=True),
        "other organizer": _user("other-organizer", is_staff=True),
        "staff": _user("root", is_staff=True, is_superuser=True),
    }
    event = _event("matrix-open", users["organizer"])
    event.arbiters.add(users["arbiter"])
    white = Player.objects.create(name="Pia Player", user=users["player"])
    black = Player.objects.create(name="Otto Opponent", user=users["opponent"])
    game = _game(Round.objects.create(event=event, number=1, status=Round.Status.PUBLISHED), 1, white, black)
    hidden = _game(Round.objects.create(event=event, number=2, status=Round.Status.PAIRED), 1, white, black)
    elsewhere = _event("elsewhere-cup", users["other organizer"])
    stranger = Player.objects.create(name="Stan Stranger", user=users["other player"])
    rival = Player.objects.create(name="Rita Rival")
    _game(Round.objects.create(event=elsewhere, number=1, status=Round.Status.PUBLISHED), 1, stranger, rival)
    task = Task.objects.create(name="tournaments.pair_round", target="matrix-open round 3", requested_by=users["organizer"])
    ids = {"game": game.pk, "hidden": hidden.pk, "slug": event.slug, "event_id": event.pk, "task": task.pk}
    return {"users": users, "ids": ids}


def fingerprint() -> tuple:
    """What a refused request must leave as it was."""
    return (
        list(Event.objects.order_by("pk").values_list("name", "status", "chief_arbiter")),
        list(Round.objects.order_by("pk").values_list("status")),
        list(Game.objects.order_by("pk").values_list("moves", "result", "result_status", "clock")),
        Token.objects.count(),
        Task.objects.count(),
    )


def client_for(role: str, world: dict, admin: bool):
    # A server error is an answer here (a 500 in the table), not an exception that hides the other roles' answers.
    if role == "anonymous":
        return Client(raise_request_exception=False) if admin else APIClient(raise_request_exception=False)
    user = world["users"][role]
    if admin:
        client = Client(raise_request_exception=False)
        client.force_login(user)
        return client
    client = APIClient(raise_request_exception=False)
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


def answer(row: Row, role: str, world: dict) -> int:
    """The status ``role`` gets for ``row``; the request's writes are rolled back, and a refusal must have written
    nothing."""
    with transaction.atomic():
        client = client_for(role, world, row.admin)
        before = fingerprint()
        path = row.path.format(**world["ids"])
        kwargs = {} if row.body is None else ({"data": row.body} if row.admin else {"data": row.body, "format": "json"})
        response = getattr(client, row.method.lower())(path, **kwargs)
        if response.status_code >= 300:
            assert fingerprint() == before, f"{role}: {row.method} {path} answered {response.status_code} but changed data"
        transaction.set_rollback(True)
    clear_engine_cache()
    forget_armed()
    return response.status_code


@pytest.mark.parametrize("row", ROWS, ids=[r.what for r in ROWS])
def test_each_role_gets_the_answer_the_matrix_gives(row):
    world = build_world()
    got = tuple(answer(row, role, world) for role in ROLES)
    if row.today is not None:
        # A known gap: the server still answers what the row says it answers today, or the row must be updated.
        assert got != row.expect, f"{row.what}: fixed; drop `today` and `gap` from the row"
        assert got == row.today, f"{row.what}: the answers changed, neither fixed nor as known: {got}"
        pytest.xfail(row.gap)
    assert dict(zip(ROLES, got)) == dict(zip(ROLES, row.expect)), f"{row.method} {row.path}"


def test_the_security_document_shows_this_matrix():
    text = DOC.read_text()
    if os.environ.get("UPDATE_SECURITY_DOC") == "1":
        DOC.write_text(rewrite(text))
        text = DOC.read_text()
    assert embedded(text) == render(), "docs/security.md's matrix differs: UPDATE_SECURITY_DOC=1 pytest tests/security"
