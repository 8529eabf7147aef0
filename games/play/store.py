"""The game store of the move path: the row lock, and the writes of a move and of its game.

A move is two statements: one locked read (:func:`lock_for_move`: the game row ``FOR UPDATE`` with everything the
move needs joined or asked in the same statement) and one write (the move's INSERT and the game's UPDATE, together
in one statement where the database can). On PostgreSQL both are prepared statements (:func:`_cursor`).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import datetime

from django.db import connection
from django.db.models import Case, Exists, F, IntegerField, OuterRef, Subquery, Value, When

from games.models import GameAction, Move
from games.play.pending import WAITING
from tournaments.models import Game, Round
from variants import registry

#: A round whose games may be played and watched: its pairings are out.
PLAYABLE_ROUND_STATES = (Round.Status.PUBLISHED, Round.Status.COMPLETE)

# What the move path reads with the locked row: the few facts of the players, round and event; whether any offer
# or claim waits (games.play.pending reads them only then); the ply of the latest sealed move (Parity Chess: a
# sealed move of the turn under way is read only when there is one); the version as of the statement's snapshot
# (below); and, for a move sent with a client_id, the move already recorded under it (an idempotent retry).
_LOCK_EXTRAS = {
    "white_user_id": F("white__user_id"),
    "black_user_id": F("black__user_id"),
    "round_status": F("round__status"),
    "round_number": F("round__number"),
    "event_slug": F("round__event__slug"),
    "event_time_control": F("round__event__time_control"),
}
# Stand-ins for the two parameters while the statement is compiled; each call puts the real values in their places.
_GAME_SENTINEL = -7_314_159_265_358
_CLIENT_SENTINEL = "\x00client-id\x00"


def lock_queryset(game_id: int, client_id: str = "", simultaneous: tuple[str, ...] = ()):
    """The lock query as the ORM writes it (what :func:`lock_for_move` runs, compiled once with stand-ins).

    ``simultaneous``: the keys of the variants whose moves are sealed; only their games look for a sealed move
    (the search walks the game's moves: a tenth of a millisecond of the database's time for a long game)."""
    waiting = GameAction.objects.filter(game_id=OuterRef("pk"), status__in=WAITING).order_by()
    sealed = Move.objects.filter(game_id=OuterRef("pk"), sealed=True).order_by("-ply").values("ply")[:1]
    last_sealed = Value(None, output_field=IntegerField())
    if simultaneous:
        last_sealed = Case(When(variant__in=simultaneous, then=Subquery(sealed)), default=last_sealed)
    extras = {
        **_LOCK_EXTRAS,
        "waiting_any": Exists(waiting),
        "last_sealed_ply": last_sealed,
        "seen_version": Subquery(Game.objects.filter(pk=OuterRef("pk")).order_by().values("version")[:1]),
    }
    if client_id:
        earlier = Move.objects.filter(game_id=OuterRef("pk"), client_id=client_id).order_by().values("pk")[:1]
        extras["earlier_move_id"] = Subquery(earlier)
    query = Game.objects.select_for_update(of=("self",)).annotate(**extras).filter(pk=game_id).order_by()
    return query[:1]


_SIMULTANEOUS: dict[tuple, tuple[str, ...]] = {}


def simultaneous_keys() -> tuple[str, ...]:
    """The registered variants whose moves are sealed (asked of the engines once per state of the registry)."""
    state = tuple(registry.ENGINES.items())
    found = _SIMULTANEOUS.get(state)
    if found is None:
        found = _SIMULTANEOUS[state] = tuple(k for k in registry.variant_keys() if registry.get_engine(k).simultaneous)
    return found


@dataclass(frozen=True)
class _Compiled:
    """The lock statement as the ORM compiled it, and how to turn its row into the ORM's Game instance."""

    sql: str
    params: tuple
    game_at: tuple[int, ...]  # where the game id goes in ``params``
    client_at: tuple[int, ...]  # where the client_id goes
    field_names: tuple[str, ...]  # the model's columns, first in the row
    annotations: tuple[tuple[str, int], ...]  # (attribute, column) of the extras
    version_at: int  # the locked row's version, and the version as of the statement's other reads
    seen_at: int
    converters: tuple[tuple[int, tuple, object], ...]  # (column, converter functions, expression)


_COMPILED: dict[tuple, _Compiled] = {}
_COMPILE_LOCK = threading.Lock()


def _compile(client_id: bool) -> _Compiled:
    """Compile the lock query once per process and database: the ORM's compile costs more CPU than the query."""
    simultaneous = simultaneous_keys()
    key = (connection.vendor, client_id, simultaneous)
    found = _COMPILED.get(key)
    if found is not None:
        return found
    stand_ins = lock_queryset(_GAME_SENTINEL, _CLIENT_SENTINEL if client_id else "", simultaneous)
    compiler = stand_ins.query.get_compiler(connection=connection)
    sql, params = compiler.as_sql()
    select = compiler.select
    fields = compiler.klass_info["select_fields"]
    if fields != list(range(len(fields))):
        raise RuntimeError("the lock query must select the game's columns first")
    converters = compiler.get_converters([column[0] for column in select])
    found = _Compiled(
        sql=sql,
        params=tuple(params),
        game_at=tuple(i for i, p in enumerate(params) if type(p) is int and p == _GAME_SENTINEL),
        client_at=tuple(i for i, p in enumerate(params) if isinstance(p, str) and p == _CLIENT_SENTINEL),
        field_names=tuple(select[i][0].target.attname for i in fields),
        annotations=tuple(compiler.annotation_col_map.items()),
        version_at=[select[i][0].target.attname for i in fields].index("version"),
        seen_at=compiler.annotation_col_map["seen_version"],
        converters=tuple((i, tuple(funcs), expression) for i, (funcs, expression) in converters.items()),
    )
    with _COMPILE_LOCK:
        _COMPILED[key] = found
    return found


_PREPARED: list[type] = []  # the cursor class of _cursor, made on first use (it needs psycopg)


class _Shown:
    """A prepared statement as Django's query log shows it (``connection.queries``, DEBUG's SQL log): it reads
    the text psycopg keeps of the last statement, which psycopg does not keep for a prepared one. The values are
    written in only when the log asks."""

    def __init__(self, sql: str, params) -> None:
        self.sql, self.params = sql, params

    @property
    def query(self) -> bytes:
        return connection.ops.compose_sql(self.sql, self.params).encode()


NEVER_BY_COUNT = 2**31 - 1  # a prepare threshold no statement reaches by being run often


def _cursor():
    """A cursor for the move's statements. On PostgreSQL they are prepared, once per connection, with the values
    bound by the server: planning the lock query (four joins, four subqueries) costs PostgreSQL several times
    what running it does, and quoting the values into the text costs this process as much. Django's own cursors
    bind on the client and never prepare (its ORM does not always write SQL a server can prepare; these
    statements are fixed and tested on PostgreSQL). Through Django's wrapper: errors, logging and execute
    wrappers as for any query."""
    if connection.vendor != "postgresql":
        return connection.cursor()
    if not _PREPARED:
        from django.db.backends.postgresql.base import ServerBindingCursor

        class PreparedCursor(ServerBindingCursor):
            def execute(self, query, params=None, *, prepare=None, binary=None):
                result = super().execute(query, params, prepare=True, binary=binary)
                if self._query is None:  # psycopg keeps the text of unprepared statements only
                    self._query = _Shown(query, params)
                return result

        _PREPARED.append(PreparedCursor)
    connection.close_if_health_check_failed()
    connection.ensure_connection()
    raw = connection.connection
    if raw.prepare_threshold is None:
        # Django turns psycopg's preparing off for the connection, which refuses even a statement asked to be
        # prepared; a threshold no query reaches prepares only the ones asked (these), never Django's own.
        raw.prepare_threshold = NEVER_BY_COUNT
    with connection.wrap_database_errors:
        return connection._prepare_cursor(_PREPARED[0](raw))


def _read_locked(compiled: _Compiled, game_id: int, client_id: str) -> list | None:
    params = list(compiled.params)
    for i in compiled.game_at:
        params[i] = game_id
    for i in compiled.client_at:
        params[i] = client_id
    with _cursor() as cursor:
        cursor.execute(compiled.sql, params)
        row = cursor.fetchone()
    if row is None:
        return None
    row = list(row)
    for i, funcs, expression in compiled.converters:
        value = row[i]
        for func in funcs:
            value = func(value, expression, connection)
        row[i] = value
    return row


def lock_for_move(game_id: int, client_id: str = "") -> Game | None:
    """The game row, locked until the end of the transaction (``FOR UPDATE OF`` the game; SQLite locks on write),
    with ``white_user_id`` ... ``event_time_control``, ``waiting`` set to ``[]`` when no offer or claim waits,
    ``sealed_pending`` to ``{}`` when no move of the turn is sealed, and ``earlier_move_id`` (a move recorded under
    ``client_id``, or None) -- as the ORM would read them.

    When the lock had to wait for another writer of the game, the row comes back as that writer left it, but the
    statement's other reads (waiting offers, the earlier move) were taken before it committed: PostgreSQL's READ
    COMMITTED re-reads only the locked row. ``seen_version`` (the version as of those reads) then differs from the
    row's, and the statement runs once more under the lock that is now held, seeing everything committed.
    """
    compiled = _compile(bool(client_id))
    row = _read_locked(compiled, game_id, client_id)
    if row is None:
        return None
    if row[compiled.seen_at] != row[compiled.version_at]:
        row = _read_locked(compiled, game_id, client_id)
    count = len(compiled.field_names)
    game = Game.from_db(connection.alias, compiled.field_names, row[:count])
    for name, i in compiled.annotations:
        setattr(game, name, row[i])
    if not client_id:
        game.earlier_move_id = None
    if not game.waiting_any:
        game.waiting = []  # games.play.pending asks the database only when something waits
    if game.last_sealed_ply is None or game.last_sealed_ply <= len(game.moves):
        game.sealed_pending = {}  # no sealed move of this turn yet (games.play.seats.pending_sealed)
    return game


def lock_game(game_id: int) -> Game | None:
    """The game row with its round and event, locked until the end of the transaction (flag check, arbiter)."""
    return Game.objects.select_for_update(of=("self",)).select_related("round__event").filter(pk=game_id).order_by().first()


# One INSERT and one UPDATE per move, written with the fields' own database conversion but without the model
# save machinery (signals, field iteration, query compilation), which cost more CPU than the SQL itself. Neither
# model has save signals or overridden save() methods.
_SQL: dict[tuple, tuple[str, list]] = {}  # (vendor, statement, model, field names) -> (SQL, fields)


def _statement(kind: str, model: type[Game] | type[Move], names: tuple[str, ...]) -> tuple[str, list]:
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


def move_insert(now: datetime, **values: object) -> tuple[str, list]:
    """The INSERT of a move row (SQL and parameters), to run alone or together with the game's UPDATE."""
    values["played_at"] = now
    sql, fields = _statement("insert", Move, tuple(values))
    return sql, [f.get_db_prep_save(values[f.name], connection) for f in fields]


def execute(sql: str, params: list) -> None:
    with _cursor() as cursor:
        cursor.execute(sql, params)


def update_game(game: Game, names: list[str], insert: tuple[str, list] | None = None) -> None:
    """UPDATE the game's ``names`` fields; with ``insert``, write that row in the same round trip where the
    database can (PostgreSQL: a data-modifying WITH runs exactly once, in the same statement and transaction)."""
    update, fields = _statement("update", Game, tuple(names))
    params = [f.get_db_prep_save(getattr(game, f.attname), connection) for f in fields]
    if insert is not None and connection.vendor == "postgresql":
        execute(f"WITH logged AS ({insert[0]}) {update}", [*insert[1], *params, game.pk])
        return
    if insert is not None:
        execute(*insert)
    execute(update, [*params, game.pk])
