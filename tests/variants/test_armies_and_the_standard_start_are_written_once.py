"""The army names live in variants.base and the standard chess start in variants.standard_start: nothing else in
variants/ or scoring/ defines them again."""

from __future__ import annotations

import ast
from pathlib import Path

import scoring
import variants
from variants.base import BLACK, WHITE
from variants.standard_start import STANDARD_START

TREES = (Path(variants.__file__).parent, Path(scoring.__file__).parent)


def _sources():
    for tree in TREES:
        yield from sorted(tree.rglob("*.py"))


def test_white_and_black_are_assigned_only_in_base():
    found = []
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Assign):
                names = {t.id for t in node.targets if isinstance(t, ast.Name)}
                if names & {"WHITE", "BLACK"} and path.name != "base.py":
                    found.append(f"{path}:{node.lineno}")
    assert found == []
    assert (WHITE, BLACK) == ("white", "black")


def test_the_standard_start_string_is_written_once():
    board = STANDARD_START.split()[0]
    found = [str(path) for path in _sources() if board in path.read_text() and path.name != "standard_start.py"]
    assert found == []
