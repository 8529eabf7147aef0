"""No anonymous answer discloses a login username: every GET operation of the schema and every public page of
an event, read without logging in, names players, the organizer and the arbiters only as the event shows them
(issue 25). The logins are made unmistakable first, so any appearance of one is a leak."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client

from tests.pages.conftest import build_spring_open
from variants.registry import rating_keys

pytestmark = pytest.mark.django_db

PARAMETERS = {"slug": "spring-open", "number": "2", "board": "1", "index": "1", "key": rating_keys()[0], "team_id": "1"}


@pytest.fixture
def world():
    cache.clear()
    built = build_spring_open()
    arbiter = get_user_model().objects.create_user(username="arbiter")
    built.event.arbiters.add(arbiter)
    logins = []
    users = [p.user for p in built.players.values() if p.user] + [built.event.organizer, arbiter]
    for number, user in enumerate(users):
        user.username = f"secret-login-{number}"
        user.save()
        logins.append(user.username)
    yield built, logins
    cache.clear()


def _paths(built) -> list[str]:
    schema = Client().get("/api/schema/", {"format": "json"}).json()
    game = str(built.games["r2b1"].pk)
    paths = []
    for template, operations in schema["paths"].items():
        if "get" not in operations:
            continue
        paths.append(re.sub(r"\{(\w+)\}", lambda m: game if m[1] == "id" else PARAMETERS[m[1]], template))
    return paths


def _pages(built) -> list[str]:
    event, anna, game = "/events/spring-open", built.players["Anna"].id, built.games["r2b1"].pk
    return [
        "/",
        f"{event}/",
        f"{event}/rounds/2/",
        f"{event}/standings/",
        f"{event}/crosstable/",
        f"{event}/players/{anna}/",
        f"{event}/export/games.pgn",
        f"{event}/export/standings.csv",
        f"{event}/export/tournament.trf",
        f"/games/{game}/",
        f"/games/{game}/state/",
    ]


def test_no_anonymous_api_answer_or_page_names_a_login(world):
    built, logins = world
    read = 0
    for path in _paths(built) + _pages(built):
        answer = Client().get(path)
        if answer.status_code != 200 or path == "/api/schema/":
            continue
        read += 1
        text = b"".join(answer.streaming_content) if answer.streaming else answer.content
        leaked = [login for login in logins if login.encode() in text]
        assert not leaked, f"{path} shows {leaked}"
    assert read >= 15
