"""The move path's statements as prepared statements on PostgreSQL, through public APIs only.

Why: planning the lock query (three joins, four subqueries) costs PostgreSQL several times what running it does,
compiling it with the ORM costs this process more CPU than the query itself, and the move's INSERT and the game's
UPDATE can go as one statement. ``docs/benchmarks/store.md`` measures what this buys against the plain ORM path
(``benchmarks/store.py``, both paths side by side in one run).

How: a query is compiled once per process by the ORM itself (:class:`PreparedQuery`: its SQL, parameters and
value converters, with stand-ins in the places of the values that change) and run through a psycopg ``Cursor``
subclass that asks the server to prepare each statement (once per connection), wrapped in Django's public
``CursorWrapper`` (execute wrappers, error translation) under ``connection.wrap_database_errors``.

When not: on any other database, and while Django logs queries (``DEBUG``, ``CaptureQueriesContext``): Django's log
reads the text of the last statement from the cursor, which psycopg keeps only for statements it did not prepare.
:func:`usable` says which; ``games.play.store`` then runs the plain ORM path, which writes the same rows.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from django.db import connection
from django.db.backends.utils import CursorWrapper
from django.db.models import Model, QuerySet

from games.models import Move
from tournaments.models import Game

NEVER_BY_COUNT = 2**31 - 1  # a prepare threshold no statement reaches by being run often
_CURSOR_CLASS: list[type] = []  # made on first use: psycopg is imported only where PostgreSQL is used
ENABLED = True  # benchmarks/store.py turns it off to measure the plain ORM path in the same process


def usable() -> bool:
    """Whether the move's statements run prepared: PostgreSQL, and no query log that would need their text."""
    return ENABLED and connection.vendor == "postgresql" and not connection.queries_logged


def _cursor_class() -> type:
    if not _CURSOR_CLASS:
        import psycopg

        class PreparedCursor(psycopg.Cursor):
            """Server-side binding, and every statement prepared (psycopg keeps them by text, per connection)."""

            def execute(self, query, params=None, *, prepare=None, binary=None):
                return super().execute(query, params, prepare=True, binary=binary)

        _CURSOR_CLASS.append(PreparedCursor)
    return _CURSOR_CLASS[0]


def cursor() -> CursorWrapper:
    """A cursor whose statements are prepared, as ``connection.cursor()`` makes one: health check, connection,
    thread check, Django's wrapper. On another database, Django's own cursor (the compiled statements run there
    too, unprepared: tests compare them with the ORM's)."""
    if connection.vendor != "postgresql":
        return connection.cursor()
    connection.close_if_health_check_failed()
    connection.ensure_connection()
    raw = connection.connection
    if raw.prepare_threshold is None:
        # Django turns psycopg's preparing off for the connection, which then refuses even a statement asked to be
        # prepared; a threshold no query reaches prepares only the ones asked (these), never Django's own.
        raw.prepare_threshold = NEVER_BY_COUNT
    with connection.wrap_database_errors:
        connection.validate_thread_sharing()
        return CursorWrapper(_cursor_class()(raw), connection)


class PreparedQuery:
    """A ``.values()`` queryset compiled once (lazily, per database alias), run with new values in the places of
    its stand-ins; rows come back as the ORM gives them (its converters: JSON, decimals, times)."""

    def __init__(self, build, stand_ins: dict[str, object]) -> None:
        # build(**stand_ins) -> the queryset; each stand-in is a value no real call passes (found in the parameters)
        self.build, self.stand_ins = build, stand_ins
        self.compiled: dict[str, tuple] = {}
        self.lock = threading.Lock()

    def _compile(self) -> tuple:
        queryset: QuerySet = self.build(**self.stand_ins)
        query = queryset.query
        compiler = query.get_compiler(connection=connection)
        sql, params = compiler.as_sql()
        names = (*query.extra_select, *query.values_select, *query.annotation_select)  # the SELECT's order
        places = {
            name: tuple(i for i, p in enumerate(params) if type(p) is type(value) and p == value)
            for name, value in self.stand_ins.items()
        }
        expressions = [column[0] for column in compiler.select]
        converters = tuple((i, tuple(f), e) for i, (f, e) in compiler.get_converters(expressions).items())
        return sql, tuple(params), places, names, converters

    def fetch_one(self, **values: object) -> dict | None:
        """The first row with ``values`` in the stand-ins' places, as ``{name: value}``; None when there is none."""
        found = self.compiled.get(connection.alias)
        if found is None:
            with self.lock:
                found = self.compiled[connection.alias] = self._compile()
        sql, template, places, names, converters = found
        params = list(template)
        for name, value in values.items():
            for i in places[name]:
                params[i] = value
        with cursor() as c:
            c.execute(sql, params)
            row = c.fetchone()
        if row is None:
            return None
        row = list(row)
        for i, functions, expression in converters:
            for function in functions:
                row[i] = function(row[i], expression, connection)
        return dict(zip(names, row, strict=True))


# The INSERT of a move and the UPDATE of its game, with the fields' own database conversion but without the model
# save machinery (signals, field iteration, query compilation), which costs more CPU than the SQL itself. Neither
# model has save signals or its own save().
_SQL: dict[tuple, tuple[str, list]] = {}  # (vendor, statement, model, field names) -> (SQL, fields)


def _statement(kind: str, model: type[Model], names: tuple[str, ...]) -> tuple[str, list]:
    """The INSERT or UPDATE of ``names`` (built once per process: quoting names costs more than it seems)."""
    key = (connection.vendor, kind, model._meta.label, names)
    found = _SQL.get(key)
    if found is None:
        fields = [model._meta.get_field(name) for name in names]
        quote = connection.ops.quote_name
        table = quote(model._meta.db_table)
        if kind == "insert":
            columns = ", ".join(quote(f.column) for f in fields)
            placeholders = ", ".join(["%s"] * len(fields))
            sql = f"INSERT INTO {table} ({columns}) VALUES ({placeholders})"  # noqa: S608 - the model's own names
        else:
            assignments = ", ".join(f"{quote(f.column)} = %s" for f in fields)
            sql = f"UPDATE {table} SET {assignments} WHERE {quote(model._meta.pk.column)} = %s"  # noqa: S608 - the model's own names
        found = _SQL[key] = (sql, fields)
    return found


MOVE_COLUMNS = tuple(f.name for f in Move._meta.concrete_fields if not f.primary_key)


def write_move(move: Move, game: Game, fields: Sequence[str]) -> None:
    """INSERT ``move`` and UPDATE the game's ``fields`` in one prepared statement (a data-modifying WITH runs
    exactly once, in the same statement and transaction); with no fields, the INSERT alone."""
    insert, columns = _statement("insert", Move, MOVE_COLUMNS)
    params = [f.get_db_prep_save(getattr(move, f.attname), connection) for f in columns]
    sql = insert
    if fields:
        update, changed = _statement("update", Game, tuple(fields))
        params += [f.get_db_prep_save(getattr(game, f.attname), connection) for f in changed]
        params.append(game.pk)
        sql = f"WITH logged AS ({insert}) {update}"
    with cursor() as c:
        c.execute(sql, params)
