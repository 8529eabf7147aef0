"""The per-process engine cache (games.play.engines): an engine cached a few moves behind (the moves in between
were served by another server process) catches up by playing only the moves it has not seen; one that does not
fit the game (another start, moves taken back) is rebuilt from the start. Either way the engine is the one a
replay of the whole game gives."""

from __future__ import annotations

import random

import pytest

from games.play import engines
from games.play.engines import build_engine, clear_engine_cache, put_engine, take_engine
from tests.games.live_support import make_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    clear_engine_cache()
    yield
    clear_engine_cache()


def played(variant: str, plies: int, seed: int = 7) -> list[str]:
    game, _, _ = make_game(variant=variant)
    engine, rng = build_engine(game), random.Random(seed)
    for _ in range(plies):
        engine.play(rng.choice(engine.legal_moves()))
    return engine.moves()


def counting_plays(monkeypatch) -> list[str]:
    seen: list[str] = []
    original = engines.apply_moves

    def apply_moves(engine, entries):
        entries = list(entries)
        seen.extend(entries)
        original(engine, entries)

    monkeypatch.setattr(engines, "apply_moves", apply_moves)
    return seen


def test_a_cached_engine_behind_plays_only_the_missing_moves(monkeypatch):
    game, _, _ = make_game(variant="chess")
    moves = played("chess", 24)
    game.moves = moves[:20]
    put_engine(game, build_engine(game))  # this process served the game up to move 20
    game.moves = moves  # another process served four more
    seen = counting_plays(monkeypatch)
    engine = take_engine(game)
    assert seen == moves[20:]
    assert engine.position() == build_engine(game).position()
    assert engine.moves() == moves


def test_an_engine_that_does_not_fit_is_rebuilt(monkeypatch):
    game, _, _ = make_game(variant="chess")
    moves = played("chess", 12)
    game.moves = moves
    put_engine(game, build_engine(game))
    game.moves = moves[:8]  # moves taken back (an arbiter's correction): the cached engine is ahead
    seen = counting_plays(monkeypatch)
    engine = take_engine(game)
    assert seen == moves[:8]
    assert engine.moves() == moves[:8]

    put_engine(game, engine)
    game.start_position = "4k3/8/8/8/8/8/8/4K2R w K - 0 1 2"  # another start: nothing of the cached one fits
    game.moves = []
    assert take_engine(game).position().startswith("4k3/8/8/8/8/8/8/4K2R w")
