"""``describe()`` gives a variant's facts as a JSON-able dict for pages and the API."""

from __future__ import annotations

import json

import pytest

from variants.registry import engines, get_engine

FIELDS = {"key", "name", "files", "ranks", "simultaneous", "can_switch", "rolled", "stalemate_wins", "pgn_variant",
          "terminations"}  # fmt: skip


@pytest.mark.parametrize("engine", engines(), ids=lambda e: e.key)
def test_describe_is_json_serialisable_and_round_trips(engine):
    facts = engine.describe()
    assert set(facts) == FIELDS
    assert json.loads(json.dumps(facts)) == facts


@pytest.mark.parametrize("engine", engines(), ids=lambda e: e.key)
def test_describe_says_what_the_class_says(engine):
    facts = engine.describe()
    assert facts["key"] == engine.key
    assert facts["terminations"] == sorted(engine.terminations)
    assert (facts["files"], facts["ranks"]) == (engine.files, engine.ranks)


def test_the_facts_of_random_variant_chess_and_parity():
    rvc = get_engine("rvc").describe()
    assert (rvc["files"], rvc["ranks"], rvc["rolled"], rvc["simultaneous"]) == (12, 8, True, False)
    parity = get_engine("parity").describe()
    assert (parity["simultaneous"], parity["stalemate_wins"], parity["can_switch"]) == (True, True, False)
    assert "king-capture" in parity["terminations"]
    assert get_engine("sscc").describe()["can_switch"] is True
