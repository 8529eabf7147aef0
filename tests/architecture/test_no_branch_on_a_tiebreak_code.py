"""No module branches on a tie-break's code (issue 35): a ranking that asks ``if spec.base in ("BH", "SB")`` would
give a newly registered tie-break whatever its ``else`` says. The standings ask the code's registered kind
(scoring.tiebreak_registry) for its value function and its order instead."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("scoring", "tournaments", "games", "ratings", "config")
NAMES = {"base"}  # Tiebreak.base: the code without its modifier


def _findings_in(source: str, name: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(isinstance(o, ast.Attribute) and o.attr in NAMES for o in operands):
                found.append(f"{name}:{node.lineno}")
    return found


def test_no_module_compares_a_tiebreaks_code():
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                found += _findings_in(path.read_text(), str(path.relative_to(ROOT)))
    assert found == []


def test_the_check_finds_the_old_dispatch():
    old = 'def values(f, spec):\n    if spec.base in ("BH", "FB", "SB"):\n        return 1\n    return spec.base == "DE"\n'
    assert _findings_in(old, "scoring/standings.py") == ["scoring/standings.py:2", "scoring/standings.py:4"]
