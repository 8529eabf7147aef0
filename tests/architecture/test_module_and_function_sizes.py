"""No module over 400 lines (migrations aside) and no function over 60 lines except a documented hot loop.

A function may be longer only with a comment ``# hot loop:`` on its ``def`` line or the line above, saying why.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.architecture.graph import ROOT

TREES = ("accounts", "benchmarks", "clocks", "config", "deploy", "games", "scoring", "tests", "tournaments", "variants")
MAX_MODULE = 400
MAX_FUNCTION = 60


def _sources() -> list[Path]:
    paths = []
    for tree in TREES:
        paths += [p for p in (ROOT / tree).rglob("*.py") if "migrations" not in p.parts]
    return sorted(paths)


def test_no_module_is_over_400_lines():
    long = [f"{p.relative_to(ROOT)}: {n}" for p in _sources() if (n := len(p.read_text().splitlines())) > MAX_MODULE]
    assert long == [], "modules over 400 lines:\n" + "\n".join(long)


def _documented(lines: list[str], node: ast.AST) -> bool:
    first = node.lineno - 1
    nearby = lines[max(first - 1, 0) : first + 1]
    return any("hot loop:" in line for line in nearby)


def test_no_function_is_over_60_lines_unless_a_documented_hot_loop():
    long = []
    for path in _sources():
        if "tests" in path.relative_to(ROOT).parts[:1]:
            continue  # test modules hold tables of cases; the rule is for the code they check
        text = path.read_text()
        lines = text.splitlines()
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                size = node.end_lineno - start + 1
                if size > MAX_FUNCTION and not _documented(lines, node):
                    long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({size} lines)")
    assert long == [], "functions over 60 lines:\n" + "\n".join(long)
