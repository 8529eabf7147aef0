"""Every engine says which terminations a game of its variant can end with, on and off the board."""

from __future__ import annotations

import pytest

from variants import terminations as t
from variants.registry import engines, get_engine

ALL_NAMES = {value for name, value in vars(t).items() if name.isupper() and isinstance(value, str)}


def names(endings) -> frozenset[str]:
    return frozenset(ending.name for ending in endings)


@pytest.mark.parametrize("engine", engines(), ids=lambda e: e.key)
def test_each_engine_declares_a_set_of_known_terminations(engine):
    assert isinstance(engine.terminations, frozenset)
    if engine.__module__.startswith("variants."):  # the project's own engines end as variants.terminations names it
        assert engine.terminations <= ALL_NAMES
    else:  # one registered from elsewhere may bring endings of its own, each labelled
        assert all(ending.label for ending in engine.endings if ending.name not in ALL_NAMES)
    assert engine.terminations == names(engine.endings)  # the names follow from the endings declared


@pytest.mark.parametrize("key", ["chess", "rvc", "twilight", "sscc"])
def test_the_chess_like_variants_end_as_chess_does(key):
    assert get_engine(key).endings == t.CHESS_LIKE | t.OFF_BOARD


def test_reach_cannot_end_in_checkmate_stalemate_or_a_lone_king_flag():
    reach = get_engine("reach").terminations
    assert {t.FAR_RANK, t.DOUBLE_STALEMATE} <= reach
    assert not {t.CHECKMATE, t.STALEMATE, t.INSUFFICIENT, t.TIME_FORFEIT_LONE_KING} & reach


@pytest.mark.parametrize("key", ["parity", "parity-single"])
def test_parity_adds_king_capture_and_the_simultaneous_endings(key):
    assert get_engine(key).terminations == names(t.CHESS_LIKE | t.OFF_BOARD | t.SIMULTANEOUS_ENDINGS)


def test_only_reach_wins_on_the_far_rank_and_only_parity_captures_kings():
    assert [e.key for e in engines() if t.FAR_RANK in e.terminations] == ["reach"]
    assert [e.key for e in engines() if t.KING_CAPTURE in e.terminations] == ["parity", "parity-single"]
