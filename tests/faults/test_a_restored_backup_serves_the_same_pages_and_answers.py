"""A running event backed up with pg_dump and restored with pg_restore into a fresh database (docs/operations.md)
serves the same public pages, exports and API answers, and its organizer's token still works.

The event: two rounds played to their results, a third published with one game live (moves on the clock) and
the others waiting. One gunicorn serves the database the event was built in, another the restored copy; each
address is asked of both, one right after the other, and the bodies must be equal but for what differs on every
request anyway (the CSRF token of a form, a running clock as of the instant it is read).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import urllib.request
from contextlib import contextmanager

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone
from rest_framework.authtoken.models import Token

from games.play.moves import submit_move
from games.serializers_live import game_detail
from tests.config.served import app_env, gunicorn
from tests.faults.stack import database_url
from tests.tournaments.helpers import make_event, play_round
from tournaments.models import Game, Round
from tournaments.services import pair_round, publish_round

VOLATILE = [
    (re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"'), 'name="csrfmiddlewaretoken" value=""'),
    # A running clock read a few milliseconds apart: in the API's state and the live page's clocks.
    (re.compile(r'"(remaining_ms|delay_ms|as_of_ms)":\s*-?\d+'), r'"\1":0'),
    (re.compile(r'data-ms="\d+">[^<]*<'), 'data-ms=""><'),
]


def _pages(slug: str, live: int, waiting: int, player: int) -> list[str]:
    event = f"/events/{slug}"
    return [
        "/", f"{event}/", f"{event}/rounds/1/", f"{event}/rounds/3/", f"{event}/standings/", f"{event}/crosstable/",
        f"{event}/players/{player}/", f"{event}/export/games.pgn", f"{event}/export/standings.csv",
        f"/games/{live}/", f"/games/{waiting}/",
        "/api/events/", f"/api/events/{slug}/", f"/api/events/{slug}/standings/", f"/api/games/{live}/",
        f"/api/games/{waiting}/",
    ]  # fmt: skip


def _organizer_answers(slug: str) -> list[str]:
    """Asked with the organizer's API token: the token is restored with the rest."""
    event = f"/api/events/{slug}"
    return [f"{event}/", f"{event}/rounds/1/", f"{event}/rounds/3/", f"{event}/audit/"]


def _get(base: str, path: str, token: str = "") -> tuple[int, str]:
    request = urllib.request.Request(base + path)  # noqa: S310 - our own server
    request.add_header("Host", "localhost")  # one site name for both servers (links name the host asked for)
    if token:
        request.add_header("Authorization", f"Token {token}")
    try:
        with urllib.request.urlopen(request, timeout=15) as response:  # noqa: S310 - our own server
            return response.status, response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def _steady(body: str) -> str:
    for pattern, replacement in VOLATILE:
        body = pattern.sub(replacement, body)
    return body


def _running_event() -> tuple[str, Game, Game, int, str]:
    event, organizer, players = make_event(8, slug="backup", time_control="30m", status="announced")
    for number in (1, 2):
        play_round(publish_round(pair_round(event, number, by=organizer), by=organizer), by=organizer)
    third = publish_round(pair_round(event, 3, by=organizer), by=organizer)
    live, waiting = third.games.order_by("board")[:2]
    users = {}
    for army, player in (("white", live.white), ("black", live.black)):
        users[army] = player.user = get_user_model().objects.create(username=f"backup-{army}")
        player.save(update_fields=["user"])
    for _ in range(4):  # the event's variant is drawn by dice: its first legal moves
        detail = game_detail(Game.objects.get(pk=live.pk), None, timezone.now())
        submit_move(live.pk, users[detail["turn"]], detail["legal_moves"][0])
    live.refresh_from_db()
    assert live.status == Game.Status.LIVE and len(live.moves) == 4 and third.status == Round.Status.PUBLISHED
    return event.slug, live, waiting, players[0].pk, Token.objects.create(user=organizer).key


@contextmanager
def _restored_copy(source_url: str, tmp_path):
    """The database at ``source_url`` dumped (pg_dump, custom format) and restored (pg_restore) into a new one."""
    name = f"{connection.settings_dict['NAME']}_restored"
    copy_url = source_url.rsplit("/", 1)[0] + f"/{name}"
    admin_url = source_url.rsplit("/", 1)[0] + "/postgres"
    dump = tmp_path / "backup.dump"
    run = lambda *args: subprocess.run(args, check=True, capture_output=True, text=True, timeout=300)  # noqa: E731
    run("psql", admin_url, "-v", "ON_ERROR_STOP=1", "-qc", f'DROP DATABASE IF EXISTS "{name}"')
    run("pg_dump", "--format=custom", "--no-owner", f"--file={dump}", source_url)
    run("psql", admin_url, "-v", "ON_ERROR_STOP=1", "-qc", f'CREATE DATABASE "{name}"')
    try:
        run("pg_restore", "--no-owner", "--no-privileges", "--exit-on-error", f"--dbname={copy_url}", str(dump))
        yield copy_url
    finally:
        run("psql", admin_url, "-qc", f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_an_event_restored_from_pg_dump_serves_the_same_pages_and_api_answers(tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip("backup and restore with pg_dump/pg_restore: set DATABASE_URL to PostgreSQL (CI does)")
    if not (shutil.which("pg_dump") and shutil.which("pg_restore") and shutil.which("psql")):
        pytest.skip("pg_dump, pg_restore and psql (PostgreSQL's client programs) are not installed")
    slug, live, waiting, player, token = _running_event()
    source = database_url()
    asked = [(path, "") for path in _pages(slug, live.pk, waiting.pk, player)]
    asked += [(path, token) for path in _organizer_answers(slug)]
    with (
        _restored_copy(source, tmp_path) as copy,
        gunicorn(app_env(DATABASE_URL=source, DB_CONN_MAX_AGE="0"), tmp_path / "source.log") as before,
        gunicorn(app_env(DATABASE_URL=copy, DB_CONN_MAX_AGE="0"), tmp_path / "copy.log") as after,
    ):
        for path, key in asked:
            status, body = _get(before, path, key)
            assert status == 200, (path, body[:500])
            again = _get(after, path, key)
            assert again[0] == 200, (path, again[1][:500])
            assert _steady(again[1]) == _steady(body), path
