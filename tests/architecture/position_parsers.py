"""Who reads position strings, found with ``ast`` (nothing is imported or run): the entry points that parse a
position and the project modules outside ``variants/`` that use one.

Reading a position is each engine's business: the apps ask ``Engine.squares`` (what stands where),
``Engine.from_position`` (a game from there) or ``Engine.move_squares`` (where the legal moves go). The parsers
named here are what those calls use inside ``variants/``; anywhere else they would be variant knowledge leaking
out. A use in a type annotation is not a use (it reads nothing).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from tests.architecture.graph import project_modules

#: Modules that are parsers through and through: the shared board-text reader, the fairy engine's notation
#: (position strings and SAN), Parity Chess's notation (its position string and game files), and python-chess's
#: variant boards (each built from a FEN).
PARSER_MODULES = frozenset({"variants.boardtext", "variants.fairy.notation", "variants.parity_notation", "chess.variant"})
#: Names that read a position when called, by the module they are taken from: python-chess's board constructors
#: and the engines' own python-chess boards (where they are defined and where they are re-exported).
PARSER_NAMES = {
    "chess": frozenset({"Board", "BaseBoard"}),
    "variants.twilight_board": frozenset({"TwilightBoard"}),
    "variants.twilight": frozenset({"TwilightBoard"}),
    "variants.reach": frozenset({"ReachBoard"}),
}
#: Attributes that read a position whatever they are looked up on: an engine's python-chess board class, and
#: python-chess's FEN/EPD setters and readers.
PARSER_ATTRIBUTES = frozenset({"board_class", "set_fen", "set_board_fen", "set_epd", "from_epd", "read_game"})
#: A hand-written reader gives itself away by cutting a position's board into ranks: ``position.split("/")``.
POSITION_WORDS = ("position", "fen", "board")


@dataclass(frozen=True)
class Finding:
    module: str
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.module}:{self.line} uses {self.what}, which parses a position: ask the engine instead"


def sources() -> dict[str, str]:
    """The source of every project module outside ``variants/`` (migrations aside), by module name."""
    return {name: path.read_text() for name, path in project_modules().items() if name.split(".")[0] != "variants"}


def _forbidden(module: str, name: str | None = None) -> bool:
    if module in PARSER_MODULES or any(module.startswith(m + ".") for m in PARSER_MODULES):
        return True
    if name is None:
        return False
    return f"{module}.{name}" in PARSER_MODULES or name in PARSER_NAMES.get(module, ())


class _Finder(ast.NodeVisitor):
    def __init__(self, module: str) -> None:
        self.module = module
        self.aliases: dict[str, str] = {}  # local name -> the module it is bound to
        self.found: list[Finding] = []

    def _add(self, node: ast.AST, what: str) -> None:
        self.found.append(Finding(self.module, getattr(node, "lineno", 0), what))

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if _forbidden(alias.name):
                self._add(node, alias.name)
            self.aliases[alias.asname or alias.name.split(".")[0]] = alias.name if alias.asname else alias.name.split(".")[0]

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        module = node.module or ""
        for alias in node.names:
            if _forbidden(module, alias.name):
                self._add(node, f"{module}.{alias.name}")
            else:
                self.aliases[alias.asname or alias.name] = f"{module}.{alias.name}"

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if node.attr in PARSER_ATTRIBUTES:
            self._add(node, f".{node.attr}")
        elif isinstance(node.value, ast.Name) and node.value.id in self.aliases:
            module = self.aliases[node.value.id]
            if _forbidden(module, node.attr):
                self._add(node, f"{module}.{node.attr}")
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "split" and node.args:
            cut = node.args[0]
            named = _name_of(func.value).lower()
            if isinstance(cut, ast.Constant) and cut.value == "/" and any(word in named for word in POSITION_WORDS):
                self._add(node, f'{_name_of(func.value)}.split("/")')
        self.generic_visit(node)

    # Annotations name types; they call nothing.
    def visit_arg(self, node: ast.arg) -> None:
        return

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.visit(node.value)

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        for child in (*node.decorator_list, *node.args.defaults, *node.args.kw_defaults, *node.body):
            if child is not None:
                self.visit(child)

    visit_FunctionDef = visit_AsyncFunctionDef = _function


def _name_of(node: ast.AST) -> str:
    """The name a value is known by in the source (``game.start_position`` -> ``start_position``), or ""."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Call):
        return _name_of(node.func)
    if isinstance(node, ast.Subscript):
        return _name_of(node.value)
    return ""


def findings() -> list[Finding]:
    """Every use of a position parser in a project module outside ``variants/``."""
    found: list[Finding] = []
    for module, source in sorted(sources().items()):
        finder = _Finder(module)
        finder.visit(ast.parse(source))
        found.extend(finder.found)
    return found
