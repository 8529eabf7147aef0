"""Four reference bots (``python clients/bot.py``, four processes, one token each) play a four-player round-robin of
every seed variant to the end over HTTP and the sockets, while the organizer pairs and publishes each round over
the API; every socket message the bots received validates against the AsyncAPI document, and each event's
standings equal those recomputed (scoring.standings) from its PGN export."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time
from pathlib import Path

import chess.pgn
import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from scoring import game_points, get_profile
from scoring.records import GameRecord, PlayerInfo
from scoring.standings import compute_standings
from tests.asyncapi.support import check_message
from tests.games.asgi_server import token_for
from tests.tournaments.helpers import draw_fields, make_user
from tournaments.models import Event, Player
from tournaments.services import create_event, register_player

# PostgreSQL only: four bots write at once, and SQLite's in-memory test database refuses concurrent writers.
pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.slow,
    pytest.mark.postgres,
    pytest.mark.usefixtures("in_memory_layer"),  # tests/games/asgi_server.py says why
]


@pytest.fixture(autouse=True)
def _postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL only (DATABASE_URL=postgres://...): concurrent writers")


ROOT = Path(__file__).resolve().parents[2]
# The seed variants: Reach (000), Parity (001), Random Variant Chess (002, drawn by dice), Twilight (003),
# Switch-Side Chain-Chess (004); named by their draws (variants.policies), as an organizer picks them.
SEED_DRAWS = {"reach": "fixed", "parity": "fixed", "rvc": "rvc-one-roll", "twilight": "fixed", "sscc": "fixed"}
RESIGN_AFTER = 10  # moves: short games, each ended by a resignation unless the board ends it first
DEADLINE_SECONDS = 240


def make_events(players: list[Player]) -> dict[str, tuple[Event, str]]:
    """One round-robin per seed variant with the same four players: slug -> (event, organizer's token)."""
    events = {}
    for variant, draw in SEED_DRAWS.items():
        slug = f"bots-{variant}"
        fields = {**draw_fields(draw), **({"variant_key": variant} if draw == "fixed" else {})}
        organizer = make_user(f"{slug}-org", is_staff=True)
        event = create_event(name=f"Bots {variant}", slug=slug, format=Event.Format.ROUND_ROBIN, rounds_planned=3,
                             organizer=organizer, time_control="20m+5", status=Event.Status.RUNNING, **fields)  # fmt: skip
        for seed, player in enumerate(players, start=1):
            register_player(event, player, seed=seed)
        events[slug] = (event, token_for(organizer))
    return events


def start_bots(server, tokens: list[str], slugs: list[str], logs: Path, client_dir: Path) -> list[subprocess.Popen]:
    bots = []
    for i, token in enumerate(tokens):
        command = [sys.executable, str(ROOT / "clients" / "bot.py"), "--base", server.url, "--token", token,
                   "--strategy", "greedy" if i % 2 else "random", "--seed", str(i), "--resign-after", str(RESIGN_AFTER),
                   "--log-messages", str(logs / f"bot{i}.jsonl"), "--client-dir", str(client_dir), "--verbose"]  # fmt: skip
        for slug in slugs:
            command += ["--until-event-ends", slug]
        with open(logs / f"bot{i}.out", "w") as output:  # the bot's own log, for a failure's message
            bots.append(subprocess.Popen(command, cwd=ROOT, stdout=output, stderr=subprocess.STDOUT))
    return bots


def outputs(logs: Path) -> str:
    return "\n".join(f"bot{i}: " + (logs / f"bot{i}.out").read_text()[-2000:] for i in range(4))


def direct(server, events: dict[str, tuple[Event, str]], bots: list[subprocess.Popen], logs: Path) -> None:
    """The organizers: pair and publish each event's next round once its last one is complete, until all are."""
    deadline = time.monotonic() + DEADLINE_SECONDS
    while time.monotonic() < deadline:
        running = 0
        for slug, (_, token) in events.items():
            status, event = server.request("GET", f"/api/events/{slug}/", token=token)
            assert status == 200, event
            rounds = event["rounds"]
            if rounds and rounds[-1]["status"] != "complete":
                running += 1
            elif len(rounds) < event["rounds_planned"]:
                status, paired = server.request("POST", f"/api/events/{slug}/rounds/", {}, token=token)
                assert status == 201, paired
                number = paired["number"]
                status, body = server.request("POST", f"/api/events/{slug}/rounds/{number}/publish/", {}, token=token)
                assert status == 200, body
                running += 1
        if not running and all(bot.poll() is not None for bot in bots):
            return
        assert all(bot.poll() in (None, 0) for bot in bots), outputs(logs)
        time.sleep(0.3)
    rounds = {slug: server.request("GET", f"/api/events/{slug}/", token=t)[1]["rounds"] for slug, (_, t) in events.items()}
    raise AssertionError(f"not over after {DEADLINE_SECONDS} s: {json.dumps(rounds)}\n{outputs(logs)}")


def recomputed_from_pgn(server, slug: str) -> list[tuple[int, int, float, dict]]:
    """(rank, player id, points, tie-breaks) per row, from the PGN export and the event's public facts alone."""
    status, event = server.request("GET", f"/api/events/{slug}/")
    assert status == 200
    ids = {p["name"]: p["id"] for p in event["players"]}
    players = [PlayerInfo(p["id"], p["name"], p["rating"], seed=p["seed"]) for p in event["players"]]
    status, pgn = server.request("GET", f"/events/{slug}/export/games.pgn")
    assert status == 200
    stream, games = io.StringIO(pgn), []
    while (tags := chess.pgn.read_headers(stream)) is not None:
        white, black = float(tags["WhitePoints"]), float(tags["BlackPoints"])
        if tags["TerminationDetail"] == "resignation":  # points the profile gives the result, from the tags alone
            winner = {"1-0": "white", "0-1": "black"}[tags["Result"]]
            assert game_points(event["scoring"], termination="resignation", winner=winner) == (white, black)
        games.append(GameRecord(int(tags["Round"]), ids[tags["White"]], ids[tags["Black"]], white, black, tags["Result"]))
    assert len(games) == 6  # every pairing of four players once
    profile = get_profile(event["scoring"])
    standings, _ = compute_standings(players, games, [], rounds=3, tiebreaks=event["tiebreaks"], game_total=profile.game_total)
    return [(s.rank, s.info.player_id, s.points, s.tiebreaks) for s in standings]


def test_four_bots_play_a_round_robin_of_each_seed_variant_to_the_end(asgi_server, tmp_path, client_dir):
    users = [get_user_model().objects.create_user(f"bot{i}") for i in range(4)]
    players = [Player.objects.create(name=f"Bot Player {i}", rating=2000 - 10 * i, user=u) for i, u in enumerate(users)]
    events = make_events(players)
    bots = start_bots(asgi_server, [token_for(u) for u in users], list(events), tmp_path, client_dir)
    try:
        direct(asgi_server, events, bots, tmp_path)
        for bot in bots:
            bot.wait(timeout=60)
    finally:
        for bot in bots:
            if bot.poll() is None:
                bot.kill()
    assert [bot.returncode for bot in bots] == [0, 0, 0, 0], outputs(tmp_path)

    for slug in events:
        status, served = asgi_server.request("GET", f"/api/events/{slug}/standings/")
        assert status == 200 and served["rounds_complete"] == 3, served
        rows = [(r["rank"], r["player_id"], r["points"], r["tiebreaks"]) for r in served["rows"]]
        assert rows == recomputed_from_pgn(asgi_server, slug), slug

    heard = [json.loads(line) for i in range(4) for line in (tmp_path / f"bot{i}.jsonl").read_text().splitlines()]
    kinds = {check_message(m["channel"], m["text"])["type"] for m in heard}
    assert {"state", "your-game", "round-published", "result-final"} <= kinds
    sealed = [m for m in heard if m["channel"] == "game" and '"your_sealed_move"' in m["text"]]
    assert sealed, "a Parity bot's socket carries its own sealed move"
