"""No cycle among the project's modules, counting imports inside functions too (a function-local import is
still a dependency; it only hides the cycle from Python's loader), and counting what Python runs for an import:
a package's ``__init__`` for ``from package import name``, and every ancestor package of the module imported
(tests/architecture/graph.py)."""

from __future__ import annotations

from pathlib import Path

from tests.architecture.graph import find_cycle


def test_the_module_import_graph_has_no_cycle():
    cycle = find_cycle()
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_checker_finds_a_cycle_when_there_is_one(monkeypatch):
    from tests.architecture import graph

    fake = (graph.Edge("a.x", "a.y", 1, False), graph.Edge("a.y", "a.z", 1, True), graph.Edge("a.z", "a.x", 1, False))
    monkeypatch.setattr(graph, "edges", lambda: fake)
    assert graph.find_cycle() == ["a.x", "a.y", "a.z", "a.x"]


def _tree(root: Path, files: dict[str, str]) -> dict[str, Path]:
    """Write a throwaway project (relative path -> source) and return its modules as graph.project_modules does."""
    modules = {}
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        parts = list(Path(relative).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _cycle_of(monkeypatch, tmp_path: Path, files: dict[str, str]) -> list[str] | None:
    from tests.architecture import graph

    found = graph.edges_in(_tree(tmp_path, files))
    monkeypatch.setattr(graph, "edges", lambda: found)
    return graph.find_cycle()


def test_a_submodule_reading_its_package_while_the_package_imports_it_is_a_cycle(monkeypatch, tmp_path):
    # The admin's old shape: the package imports its rounds module, which took a sibling from the package.
    files = {
        "shop/__init__.py": "from shop import rounds\n",
        "shop/rounds.py": "from shop import pages\n",
        "shop/pages.py": "",
    }
    assert _cycle_of(monkeypatch, tmp_path, files) == ["shop", "shop.rounds", "shop"]


def test_importing_a_module_runs_its_packages_init_so_a_cycle_through_it_counts(monkeypatch, tmp_path):
    # Only "desk -> lamp.bulb" is written, but importing lamp.bulb runs lamp/__init__, which imports desk.
    files = {
        "desk.py": "from lamp.bulb import light\n",
        "lamp/__init__.py": "import desk\n",
        "lamp/bulb.py": "def light(): ...\n",
    }
    assert _cycle_of(monkeypatch, tmp_path, files) == ["desk", "lamp", "desk"]


def test_a_submodule_importing_a_sibling_module_by_its_full_name_is_no_cycle(monkeypatch, tmp_path):
    # What the services and the admin do now: the package's __init__ has run by then, and is not read.
    files = {
        "shop/__init__.py": "from shop.rounds import pair\n",
        "shop/rounds.py": "import shop.audit as log\nfrom shop.pages import page\n\ndef pair(): ...\n",
        "shop/audit.py": "",
        "shop/pages.py": "def page(): ...\n",
    }
    assert _cycle_of(monkeypatch, tmp_path, files) is None
