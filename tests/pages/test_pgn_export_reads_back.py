"""Every game of the PGN export replays to the position the game of record reached.

8x8 games (one event per 8x8 variant played a move at a time, its games played with random legal moves) are read
back with python-chess: plain chess by ``chess.pgn.read_game`` as any tool would, the variants with python-chess's
reader given the variant's own python-chess board. A switch of sides is a comment after its move. The 12x8 games of
the demo event (random moves added) are read back with our engine from the six-field FEN and ``CastlingSteps``.
"""

from __future__ import annotations

import io
import random

import chess
import chess.pgn
import pytest
from django.core.management import call_command

from scoring import CLASSICAL
from tournaments.exports.pgn_board import VariantGame
from tournaments.models import Event, Game
from tournaments.services.simulation import simulate
from tournaments.tasks.standings import one_snapshot_per_event
from variants import pgn_text, policies
from variants.registry import fixed_keys, get_engine, rolled_key
from variants.twilight_board import WARP_RE as TWILIGHT_WARP

PLIES = 40


def _play_randomly(game: Game, rng: random.Random, warps: bool = True) -> None:
    """Give ``game`` up to PLIES random legal moves, stored as the live service stores them (``warps=False``: no
    Twilight warp while another move is legal)."""
    engine_class = get_engine(game.variant)
    options = game.start_options
    engine = engine_class.from_position(game.start_position, **options) if game.start_position else engine_class.new(**options)
    moves = []
    for _ in range(PLIES):
        legal = engine.legal_moves() if engine.outcome() is None else []
        if not warps:
            legal = [move for move in legal if not TWILIGHT_WARP.match(move)] or legal
        if not legal:
            break
        moves.append(engine.play(rng.choice(sorted(legal))))
    game.moves, game.position = moves, engine.position()
    game.save(update_fields=["moves", "position"])


def _sequential_8x8_keys() -> list[str]:
    engines = {key: get_engine(key) for key in fixed_keys()}
    return [key for key, engine in engines.items() if engine.files == engine.ranks == 8 and not engine.simultaneous]


@pytest.fixture
def events_8x8(db):
    """One small classical Swiss per 8x8 variant, public and running, every game given random moves."""
    rng = random.Random(16)
    events = []
    for index, key in enumerate(_sequential_8x8_keys()):
        event = simulate(format="swiss", players=4, rounds=2, seed=index, draw=policies.FIXED_DRAW,
                         variant_key=key, scoring=CLASSICAL.key,
                     standings_batch=one_snapshot_per_event).event  # fmt: skip
        Event.objects.filter(pk=event.pk).update(is_public=True, status=Event.Status.RUNNING)
        for game in Game.objects.filter(round__event=event).order_by("round__number", "board"):
            _play_randomly(game, rng, warps=game.board == 1)
        events.append(event)
    return events


def _read_all(text: str, **reader) -> list[chess.pgn.Game]:
    stream, games = io.StringIO(text), []
    while (game := chess.pgn.read_game(stream, **reader)) is not None:
        games.append(game)
    return games


def _chunks(text: str) -> list[str]:
    """The export split into one PGN text per game."""
    return ["[Event " + chunk if not chunk.startswith("[") else chunk for chunk in text.split("\n\n[Event ")]


def _has_warp(game: Game) -> bool:
    """A Twilight warp (``b8@N``): python-chess's PGN grammar has no token for it (its reader splits the word)."""
    return any(TWILIGHT_WARP.match(move) for move in game.moves)


def test_every_8x8_game_of_the_export_reads_back_with_python_chess_to_the_same_final_position(client, events_8x8):
    checked, warps = set(), 0
    for event in events_8x8:
        text = client.get(f"/events/{event.slug}/export/games.pgn").content.decode()
        engine_class = get_engine(event.variant_key)
        standard = engine_class.pgn_variant == "Chess"  # the one python-chess knows by itself
        reader = {} if standard else {"Visitor": lambda: chess.pgn.GameBuilder(Game=VariantGame)}
        read = _read_all(text, **reader)
        stored = list(Game.objects.filter(round__event=event).order_by("round__number", "board"))
        assert len(read) == len(stored) == 4
        for pgn_game, chunk, game in zip(read, _chunks(text), stored):
            assert pgn_game.headers["White"] == game.white.name and pgn_game.headers["Termination"]
            assert engine_class.from_pgn(chunk).position() == game.position  # our own reader agrees
            if _has_warp(game):
                warps += 1
                continue
            assert pgn_game.errors == [], pgn_game.errors
            assert len(list(pgn_game.mainline_moves())) == len(game.moves) > 0
            assert pgn_game.end().board().fen() == game.position, (event.variant_key, game.board)
        checked.add(event.variant_key)
        if engine_class.can_switch:
            _switches_are_comments(client, event)
    assert checked == set(_sequential_8x8_keys()) and len(checked) >= 4  # chess, reach, twilight, sscc
    assert 0 < warps < 4  # Twilight games with and without warps


def _switches_are_comments(client, event: Event) -> None:
    """A switch of sides (Switch-Side Chain-Chess) is a ``{ switch }`` comment after the move that made it."""
    switches = sum(1 for game in Game.objects.filter(round__event=event) for move in game.moves if "/" in move)
    text = client.get(f"/events/{event.slug}/export/games.pgn").content.decode()
    assert switches and text.count("{ switch }") == switches


def test_the_12x8_games_replay_with_our_engine_from_the_fen_and_the_castling_steps(client, db, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    call_command("demo", "--password", "pw-demo-123")
    rng = random.Random(12)
    played = list(Game.objects.filter(round__event__slug="demo-rvc-swiss", round__number=5).order_by("board"))
    for game in played:
        _play_randomly(game, rng)
    text = client.get("/events/demo-rvc-swiss/export/games.pgn").content.decode()
    engine_class = get_engine(rolled_key())
    chunks = [chunk for chunk in text.split("\n\n[Event ") if 'Round "5"' in chunk]
    assert len(chunks) == len(played) == 6
    for chunk, game in zip(chunks, played):
        read = pgn_text.read(chunk if chunk.startswith("[") else "[Event " + chunk)
        tags = read.tags
        assert len(tags["FEN"].split()) == 6 and tags["CastlingSteps"] == game.start_position.split()[-1]
        engine = engine_class.from_position(f"{tags['FEN']} {tags['CastlingSteps']}", roll=tags["FirstRoll"])
        for word in read.words:
            engine.play(word)
        assert read.words == game.moves and engine.position() == game.position
