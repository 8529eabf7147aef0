"""A service never ends in a view: no module of ``tournaments.services`` imports, directly or through others, a
view, an API, the admin, a URL module or a Celery task. What must follow a change (the standings snapshot, the
warming of its pages, the games app's reactions) hangs on the one hook, ``tournaments.signals.record_changed``,
whose receivers are connected in the apps' ready() (docs/architecture.md, "The hook")."""

from __future__ import annotations

from tests.architecture.graph import edges

SERVICES = "tournaments.services"
# Modules a service must not reach: the request and admin side, and the tasks (which run what the hook queues).
FORBIDDEN = ("views", "api", "admin", "urls", "tasks", "receivers", "consumers")


def _forbidden(module: str) -> bool:
    return any(part.startswith(FORBIDDEN) for part in module.split(".")[1:])


def _reached_from(start: list[str]) -> dict[str, str]:
    """Every module reachable from ``start``, each with the module that first imported it."""
    graph: dict[str, set[str]] = {}
    for edge in edges():
        graph.setdefault(edge.source, set()).add(edge.target)
    via = dict.fromkeys(start, "")
    stack = list(start)
    while stack:
        module = stack.pop()
        for target in sorted(graph.get(module, ())):
            if target not in via:
                via[target] = module
                stack.append(target)
    return via


def test_no_service_reaches_a_view_or_a_task():
    services = sorted({e.source for e in edges() if e.source == SERVICES or e.source.startswith(SERVICES + ".")})
    assert len(services) > 10  # the services package was found
    via = _reached_from(services)
    bad = [f"{module} (imported by {via[module]})" for module in sorted(via) if _forbidden(module)]
    assert bad == [], "services reach:\n" + "\n".join(bad)


def test_the_check_knows_a_view_and_a_task_when_it_sees_one():
    assert _forbidden("tournaments.views_public") and _forbidden("tournaments.tasks.standings")
    assert _forbidden("tournaments.admin.rounds") and _forbidden("tournaments.api_organizer.rounds")
    assert not _forbidden("tournaments.services.results") and not _forbidden("tournaments.signals")
