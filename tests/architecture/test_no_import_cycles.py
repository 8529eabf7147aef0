"""No cycle among the project's modules, counting imports inside functions too (a function-local import is
still a dependency; it only hides the cycle from Python's loader)."""

from __future__ import annotations

from tests.architecture.graph import find_cycle


def test_the_module_import_graph_has_no_cycle():
    cycle = find_cycle()
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_checker_finds_a_cycle_when_there_is_one(monkeypatch):
    from tests.architecture import graph

    fake = (graph.Edge("a.x", "a.y", 1, False), graph.Edge("a.y", "a.z", 1, True), graph.Edge("a.z", "a.x", 1, False))
    monkeypatch.setattr(graph, "edges", lambda: fake)
    assert graph.find_cycle() == ["a.x", "a.y", "a.z", "a.x"]
