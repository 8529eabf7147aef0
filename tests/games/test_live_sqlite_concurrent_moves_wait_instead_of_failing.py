"""On the embedded SQLite database, two requests writing at once wait for each other instead of failing.

The move path reads the game, then writes it, in one transaction. With SQLite's default deferred transactions two
such requests deadlock on the upgrade from read to write lock and one fails at once with "database is locked"
(a 500 over HTTP when both Parity players commit together, or two games are played side by side). The project's
SQLite configuration starts every transaction as a writer (``BEGIN IMMEDIATE``), so the second one waits.

pytest-django's own SQLite test database is a shared in-memory one with different locking, so this test opens
its own SQLite file with the project's configuration (``config.env.database_config``).
"""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connections, transaction

from config.env import database_config

ALIAS = "sqlite_file_race"


@pytest.fixture
def file_database(tmp_path, django_db_blocker):
    own = database_config("", str(tmp_path / "race.sqlite3"))
    config = connections.configure_settings({"default": own, ALIAS: dict(own)})[ALIAS]
    connections.settings[ALIAS] = config
    with django_db_blocker.unblock():
        with connections[ALIAS].cursor() as cursor:
            cursor.execute("CREATE TABLE game (id INTEGER PRIMARY KEY, version INTEGER NOT NULL)")
            cursor.execute("INSERT INTO game (id, version) VALUES (1, 0)")
        connections[ALIAS].close()
        yield ALIAS
        connections[ALIAS].close()
    del connections[ALIAS]
    del connections.settings[ALIAS]


def test_two_read_then_write_transactions_at_once_both_succeed_in_turn(file_database):
    barrier = threading.Barrier(2)
    errors: list[Exception] = []

    def move() -> None:
        try:
            barrier.wait()
            with transaction.atomic(using=file_database):
                cursor = connections[file_database].cursor()
                cursor.execute("SELECT version FROM game WHERE id = 1")
                (version,) = cursor.fetchone()
                time.sleep(0.2)  # validate the move with the engine meanwhile; the other request arrives
                cursor.execute("UPDATE game SET version = %s WHERE id = 1", [version + 1])
        except Exception as exc:  # what the test inspects
            errors.append(exc)
        finally:
            connections[file_database].close()

    threads = [threading.Thread(target=move) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert errors == []
    with connections[file_database].cursor() as cursor:
        cursor.execute("SELECT version FROM game WHERE id = 1")
        assert cursor.fetchone() == (2,)  # serialised: the second read saw the first write (no lost update)
