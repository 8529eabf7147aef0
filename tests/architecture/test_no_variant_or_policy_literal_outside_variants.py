"""Every fact about a variant lives on its engine: no module outside ``variants/`` writes a variant's key, a draw's
name or an event policy as a literal (migrations aside: they are history). The words are read from the registry,
so a new variant's key is covered the day it is registered.

A variant key or a draw name is refused anywhere as a whole string constant. The policies' own words (``fixed``,
``dice``) are also plain English (the dice ceremony's page, a block made without dice), so they are refused where
they stand for a policy: compared with, passed as, assigned to or defaulting a name that says ``policy``.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.architecture.graph import ROOT, project_modules
from variants import policies
from variants.registry import variant_keys


def _always_refused() -> set[str]:
    return (
        set(variant_keys()) | {d.name for d in policies.draws() if d.variant} | {d.short for d in policies.draws() if d.variant}
    )


POLICY_WORDS = {policies.FIXED, policies.DICE, policies.POOL}


def _says_policy(node: ast.AST | None) -> bool:
    return node is not None and "policy" in ast.unparse(node).lower()


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _policy_constants(tree: ast.AST) -> list[ast.Constant]:
    """String constants standing for a policy: compared with, passed as, assigned to a name saying policy."""
    found: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_says_policy(side) for side in sides):
                found += sides
        elif isinstance(node, ast.keyword) and node.arg and "policy" in node.arg:
            found.append(node.value)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(_says_policy(t) for t in targets):
                found.append(node.value)
        elif isinstance(node, ast.arguments):
            params = [*node.posonlyargs, *node.args]
            for param, default in zip(params[len(params) - len(node.defaults) :], node.defaults, strict=True):
                if "policy" in param.arg:
                    found.append(default)
            found += [d for a, d in zip(node.kwonlyargs, node.kw_defaults, strict=True) if d and "policy" in a.arg]
    return [c for n in found if n is not None for c in ast.walk(n) if isinstance(c, ast.Constant)]


def literals_in(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    skip, always = _docstrings(tree), _always_refused()
    bad = [f"{path.relative_to(ROOT)}:{n.lineno} {n.value!r}" for n in ast.walk(tree)
           if isinstance(n, ast.Constant) and n.value in always and id(n) not in skip]  # fmt: skip
    bad += [f"{path.relative_to(ROOT)}:{n.lineno} {n.value!r} (a policy)" for n in _policy_constants(tree)
            if n.value in POLICY_WORDS]  # fmt: skip
    return bad


def test_no_module_outside_variants_names_a_variant_or_a_policy():
    bad = []
    for name, path in project_modules().items():
        if not name.startswith("variants"):
            bad += literals_in(path)
    assert bad == [], "variant or policy literals outside variants/:\n" + "\n".join(bad)


def test_the_check_finds_a_planted_literal():
    planted = ROOT / "tests" / "architecture" / "_planted_literals.py"
    planted.write_text(
        '"""rvc in a docstring is prose."""\n'
        'def f(event, variant_policy="dice"):\n'
        '    page = "dice"\n'
        '    if event.variant == "parity":\n'
        '        return event.variant_policy != "fixed"\n'
        '    return page, "rvc-two-rolls"\n'
    )
    try:
        found = [line.split(" ", 1)[1] for line in literals_in(planted)]
    finally:
        planted.unlink()
    assert sorted(found) == sorted(["'dice' (a policy)", "'parity'", "'fixed' (a policy)", "'rvc-two-rolls'"])
