"""What every migration test ends with: the whole project migrated forward again.

A test that migrates one app back also unapplies what depends on it in other apps (and, in its own app, every
later migration); going forward to its own app's leaf, or to the migration it tested, would leave those
unapplied for the tests that run next on the same database: which ones depends on the order tests are dealt
to xdist workers (CI once failed on a missing ``games_resultreport.settled_by_id``).
"""

from __future__ import annotations

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate_everything_forward() -> None:
    """Apply every app's latest migration (as the test database was made)."""
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
