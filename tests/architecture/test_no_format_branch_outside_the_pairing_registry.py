"""No module outside the pairing registry (pairing/systems.py) branches on an event's pairing system by its key
(issue 35): a branch that asks "is this a Swiss?" would treat a newly registered system as whatever its ``else``
says. The services ask ``event.system``'s properties instead."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APPS = ("tournaments", "games", "ratings", "config", "accounts", "outbox", "pairing")
NAMES = {"format", "pairing", "fmt"}  # the attribute or variable a branch would compare


def _compared_name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return None


def _findings(path: Path) -> list[str]:
    return _findings_in(path.read_text(), path)


def _findings_in(source: str, path: Path) -> list[str]:
    tree = ast.parse(source, filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "Format":
            found.append(f"{path.name}:{node.lineno}: Format.")
        elif isinstance(node, ast.Compare) and _compared_name(node.left) in NAMES and _branches(node):
            found.append(f"{path.name}:{node.lineno}: a comparison of {_compared_name(node.left)}")
    return found


def _branches(node: ast.Compare) -> bool:
    return any(isinstance(op, ast.Eq | ast.NotEq | ast.In | ast.NotIn) for op in node.ops)


def test_no_module_branches_on_the_pairing_system_key() -> None:
    registry = ROOT / "pairing" / "systems.py"
    found = []
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" not in path.parts and path != registry:
                found += _findings(path)
    assert not found, "ask the registered system (event.system) instead:\n" + "\n".join(found)


def test_the_check_finds_a_branch() -> None:
    """The check sees the forms it forbids (so an empty result means something)."""
    sample = ROOT / "tests" / "architecture" / "_format_branch_sample.py"
    lines = ["if event.format == Event.Format.SWISS:", "    pass", 'if rnd.event.pairing != "rr":', "    pass"]
    assert len(_findings_in("\n".join(lines), sample)) == 3
