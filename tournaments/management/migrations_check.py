"""Bring the database up to date before a command that needs it, rather than failing on a missing table."""

from __future__ import annotations

from django.core.management import call_command
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.migrations.executor import MigrationExecutor


def pending_migrations(database: str = DEFAULT_DB_ALIAS) -> list:
    executor = MigrationExecutor(connections[database])
    return executor.migration_plan(executor.loader.graph.leaf_nodes())


def ensure_migrated(stderr=None) -> None:
    """Apply pending migrations (a fresh clone's SQLite file has none applied), saying so on ``stderr``."""
    if pending_migrations():
        if stderr is not None:
            stderr.write("The database was not migrated: applying the migrations first.")
        call_command("migrate", verbosity=0, interactive=False)
