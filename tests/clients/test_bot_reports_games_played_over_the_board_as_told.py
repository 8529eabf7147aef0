"""``clients/bot.py --report GAME=RESULT/TERMINATION``: a game played over the board is not played on the server;
the bot reports the result it was told, and the opponent's bot confirms a report that matches what it was told
(the result becomes final) or disputes one that does not (an arbiter decides)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.games.asgi_server import token_for
from tests.games.live_support import make_game
from tournaments.models import Event, Game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("in_memory_layer")]

ROOT = Path(__file__).resolve().parents[2]


def bot(server, client_dir, user, told: str, *extra: str) -> subprocess.Popen:
    command = [sys.executable, str(ROOT / "clients" / "bot.py"), "--base", server.url, "--token", token_for(user),
               "--report", told, "--client-dir", str(client_dir), *extra]  # fmt: skip
    return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def wait_for(game: Game, state: str, seconds: float = 20) -> Game:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        game.refresh_from_db()
        if game.state == state:
            return game
        time.sleep(0.2)
    raise AssertionError(f"game {game.pk} is {game.state}, not {state}")


def one_round_event(game: Game) -> Event:
    event = game.round.event
    event.status, event.rounds_planned = Event.Status.RUNNING, 1
    event.save(update_fields=["status", "rounds_planned"])
    return event


def test_a_report_as_told_is_confirmed_by_the_opponents_bot_and_the_bots_stop_when_the_event_ends(asgi_server, client_dir):
    game, white, black = make_game(variant="chess")
    event = one_round_event(game)
    told = f"{game.pk}=0-1/resignation"
    reporter = bot(asgi_server, client_dir, black, told, "--until-event-ends", event.slug)
    wait_for(game, "reported")
    confirmer = bot(asgi_server, client_dir, white, told, "--until-event-ends", event.slug)
    try:
        assert confirmer.wait(timeout=30) == 0, confirmer.communicate()[0]
        assert reporter.wait(timeout=30) == 0, reporter.communicate()[0]
    finally:
        for process in (reporter, confirmer):
            if process.poll() is None:
                process.kill()
    game.refresh_from_db()
    assert (game.state, game.result, game.termination, game.moves) == ("final", "0-1", "resignation", [])


def test_a_report_that_differs_from_what_the_bot_was_told_is_disputed(asgi_server, client_dir):
    game, white, black = make_game(variant="chess")
    one_round_event(game)
    reporter = bot(asgi_server, client_dir, white, f"{game.pk}=1-0/resignation")
    disputer = None
    try:
        wait_for(game, "reported")
        disputer = bot(asgi_server, client_dir, black, f"{game.pk}=0-1/resignation")
        wait_for(game, "disputed")
    finally:
        for process in (reporter, disputer):
            if process is not None:
                process.kill()
                process.wait()
    assert game.result_status == Game.ResultStatus.DISPUTED
