"""scoring/ asks the engines about variants: no variant key is written anywhere in its source."""

from __future__ import annotations

import ast
from pathlib import Path

import scoring
from variants.registry import variant_keys

SCORING = Path(scoring.__file__).parent


def test_no_string_in_scoring_is_a_variant_key():
    keys = set(variant_keys())
    found = []
    for path in sorted(SCORING.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and node.value in keys:
                found.append(f"{path.name}:{node.lineno} {node.value!r}")
    assert found == []


def test_an_unknown_or_missing_variant_scores_stalemate_by_the_laws_of_chess():
    from scoring import game_points

    for variant in (None, "no-such-variant"):
        got = game_points("classical", termination="stalemate", winner=None, forcing_side="white", variant=variant)
        assert got == (0.5, 0.5)
