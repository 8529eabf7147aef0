"""Django's PostgreSQL backend, its connection health check (CONN_HEALTH_CHECKS) made without a query.

Django checks a kept connection before the first use of each request with ``SELECT 1``: a round trip per request,
on the live move path about a tenth of a move's CPU on our machine (docs/benchmarks/live.md). A connection the
server still holds has nothing to read between requests; one the server ended (a restart, a failover,
``pg_terminate_backend``) has its farewell message or end-of-file waiting on the socket, or psycopg already
knows it closed. So the check looks at the socket (a poll with no wait) and asks the server only when something is
there to read, as Django would. tests/config/test_a_database_restart_needs_no_app_restart.py drops every
connection under a served app and sees the next request answered.
"""

from __future__ import annotations

import select

from django.db.backends.postgresql import base


class DatabaseWrapper(base.DatabaseWrapper):
    def is_usable(self) -> bool:
        raw = self.connection
        if raw is None or raw.closed or raw.broken:
            return False
        try:
            poller = select.poll()
            poller.register(raw.fileno(), select.POLLIN | select.POLLPRI)
            waiting = bool(poller.poll(0))
        except (OSError, ValueError):  # no socket to look at: let the query tell
            waiting = True
        return not waiting or super().is_usable()
