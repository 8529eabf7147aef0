"""The project's import graph read from the source with ``ast`` (nothing is imported or run).

Every ``import`` and ``from ... import`` of a project module counts, wherever it stands (module level or inside
a function), except under ``if TYPE_CHECKING:`` (annotations only, never executed). Migrations are left out:
Django loads them by name, and the issue's rules set them aside.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("accounts", "clocks", "config", "games", "outbox", "scoring", "tournaments", "variants")


@dataclass(frozen=True)
class Edge:
    source: str  # importing module
    target: str  # imported project module
    line: int
    in_function: bool


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def project_modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                found[module_name(path)] = path
    return found


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The project module ``name`` refers to (``a.b.c`` may be module ``a.b`` and its attribute ``c``)."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


class _Collector(ast.NodeVisitor):
    def __init__(self, source: str, package: str, modules: dict[str, Path]) -> None:
        self.source, self.package, self.modules = source, package, modules
        self.depth = 0
        self.edges: list[Edge] = []

    def visit_If(self, node: ast.If) -> None:
        if _is_type_checking(node):
            for child in node.orelse:
                self.visit(child)
            return
        self.generic_visit(node)

    def _function(self, node: ast.AST) -> None:
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _function

    def _add(self, name: str, line: int) -> None:
        target = _resolve(name, self.modules)
        if target is not None and target != self.source:
            self.edges.append(Edge(self.source, target, line, self.depth > 0))

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name, node.lineno)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = node.module or ""
        if node.level:
            anchor = self.package.split(".")
            anchor = anchor[: len(anchor) - node.level + 1]
            base = ".".join([*anchor, base] if base else anchor)
        for alias in node.names:
            self._add(f"{base}.{alias.name}", node.lineno)


@cache
def edges() -> tuple[Edge, ...]:
    modules = project_modules()
    found: list[Edge] = []
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        collector = _Collector(name, package, modules)
        collector.visit(ast.parse(path.read_text(), filename=str(path)))
        found.extend(collector.edges)
    return tuple(found)


def app_of(module: str) -> str:
    return module.split(".")[0]


def find_cycle() -> list[str] | None:
    """One cycle of the module graph as a list of modules (first == last), or None."""
    graph: dict[str, set[str]] = {}
    for edge in edges():
        graph.setdefault(edge.source, set()).add(edge.target)
    state: dict[str, int] = {}  # 1 on the stack, 2 done
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (cycle := visit(nxt)) is not None:
                return cycle
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)) is not None:
            return cycle
    return None
