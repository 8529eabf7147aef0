"""``pgn_variant`` is the PGN Variant tag each engine's ``to_pgn`` writes."""

from __future__ import annotations

import pytest

from variants.pgn_text import read
from variants.registry import engines, get_engine


@pytest.mark.parametrize("engine", engines(), ids=lambda e: e.key)
def test_to_pgn_writes_the_engines_pgn_variant(engine):
    game = engine.new(**engine.start_options("2-4-4"))
    text = game.to_pgn()
    if engine.simultaneous:  # Parity's own one-turn-per-line format still starts with PGN tag lines
        assert f'[Variant "{engine.pgn_variant}"]' in text.splitlines()
    else:
        assert read(text).tags["Variant"] == engine.pgn_variant


def test_the_tag_values():
    own = [e for e in engines() if e.__module__.startswith("variants.")]  # not the run's throwaway ones
    assert {e.key: e.pgn_variant for e in own} == {
        "chess": "Chess",
        "rvc": "Random Variant Chess",
        "reach": "Reach Chess",
        "twilight": "Twilight Chess",
        "parity": "Parity Chess",
        "parity-single": "Parity Chess with Single Occupation",
        "sscc": "Switch-Side Chain-Chess",
    }


def test_a_game_read_back_keeps_its_variant_tag():
    reach = get_engine("reach")
    game = reach.new()
    game.play("e4")
    again = reach.from_pgn(game.to_pgn())
    assert read(again.to_pgn()).tags["Variant"] == "Reach Chess"
