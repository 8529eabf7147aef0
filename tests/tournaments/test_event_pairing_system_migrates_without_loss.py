"""tournaments 0032 gives Event.format the pairing registry's choices (a callable) and a wider column: every
event keeps its system's key across the migration, and unapplied, the keys come back as they were (issue 35)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.migration_support import migrate_everything_forward

AFTER = ("tournaments", "0032_event_pairing")
KEYS = ("swiss", "rr", "rr2", "match")


def _migrate(target: tuple[str, str]):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target])
    return executor.loader.project_state([target]).apps


def _before() -> tuple[str, str]:
    """The migration this one follows (read from the graph, so renumbering the history keeps the test)."""
    executor = MigrationExecutor(connection)
    (parent,) = [p.key for p in executor.loader.graph.node_map[AFTER].parents if p.key[0] == "tournaments"]
    return parent


def _formats(apps) -> dict[str, str]:
    return dict(apps.get_model("tournaments", "Event").objects.values_list("slug", "format"))


@pytest.mark.django_db(transaction=True)
def test_every_events_system_survives_the_migration_both_ways():
    before = _before()
    old = _migrate(before)
    user = old.get_model("auth", "User").objects.create(username="migrated")
    for key in KEYS:
        old.get_model("tournaments", "Event").objects.create(name=key, slug=key, format=key, organizer=user)
    expected = {key: key for key in KEYS}

    assert _formats(_migrate(AFTER)) == expected
    assert _formats(_migrate(before)) == expected
    migrate_everything_forward()  # as the other tests expect (tests/migration_support.py)
