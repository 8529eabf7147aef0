"""The project's import graph read from the source with ``ast`` (nothing is imported or run).

Every ``import`` and ``from ... import`` of a project module counts, wherever it stands (module level or inside
a function), except under ``if TYPE_CHECKING:`` (annotations only, never executed). Migrations are left out:
Django loads them by name, and the issue's rules set them aside.

An import depends on what Python runs for it, not only on the module named:

- ``from P import name`` reads package ``P``'s namespace, so it depends on ``P/__init__.py`` (and on ``P.name``
  too when that is a module), even from inside ``P``: a submodule that does it while ``P/__init__.py`` imports
  that submodule meets a half-initialised package;
- importing ``a.b.c`` runs ``a/__init__.py`` and ``a/b/__init__.py`` first, so it depends on each ancestor
  package the importer is not itself inside (from inside ``a.b`` those have already run).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = (
    "accounts", "clients", "clocks", "config", "deploy", "games", "outbox", "pairing", "ratings", "record", "scoring",
    "tournaments", "variants",
)  # fmt: skip


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


def _inside(module: str, package: str) -> bool:
    """``module`` is ``package`` itself or one of its submodules (its ``__init__`` has run by then)."""
    return module == package or module.startswith(package + ".")


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

    def _edge(self, target: str, line: int) -> None:
        if target != self.source:
            self.edges.append(Edge(self.source, target, line, self.depth > 0))

    def _add(self, name: str, line: int) -> None:
        target = _resolve(name, self.modules)
        if target is None:
            return
        self._edge(target, line)
        parts = target.split(".")
        for size in range(1, len(parts)):
            package = ".".join(parts[:size])
            if package in self.modules and not _inside(self.source, package):
                self._edge(package, line)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name, node.lineno)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = node.module or ""
        if node.level:
            anchor = self.package.split(".")
            anchor = anchor[: len(anchor) - node.level + 1]
            base = ".".join([*anchor, base] if base else anchor)
        if base in self.modules:
            self._edge(base, node.lineno)  # the names are read from its namespace, even when they are submodules
        for alias in node.names:
            self._add(f"{base}.{alias.name}", node.lineno)


def edges_in(modules: dict[str, Path]) -> tuple[Edge, ...]:
    """The import edges among ``modules`` (dotted name -> source file)."""
    found: list[Edge] = []
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        collector = _Collector(name, package, modules)
        collector.visit(ast.parse(path.read_text(), filename=str(path)))
        found.extend(collector.edges)
    return tuple(found)


@cache
def edges() -> tuple[Edge, ...]:
    return edges_in(project_modules())


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
