"""The game store of the move path: the row lock, and the writes of a move and of its game.

A move is one locked read (:func:`lock_for_move`, the ORM's ``select_for_update`` with the few facts of the
players, round and event joined in) and one write: the move's INSERT and the game's UPDATE, together in one
round trip where the database can.
"""

from __future__ import annotations

from datetime import datetime

from django.db import connection
from django.db.models import F

from games.models import Move
from tournaments.models import Game, Round

#: A round whose games may be played and watched: its pairings are out.
PLAYABLE_ROUND_STATES = (Round.Status.PUBLISHED, Round.Status.COMPLETE)

# The move path's one query: the game row locked, plus the few facts it needs from the players, round and event.
_LOCK_EXTRAS = {
    "white_user_id": F("white__user_id"),
    "black_user_id": F("black__user_id"),
    "round_status": F("round__status"),
    "round_number": F("round__number"),
    "event_slug": F("round__event__slug"),
    "event_time_control": F("round__event__time_control"),
}


def lock_for_move(game_id: int) -> Game | None:
    """The game row, locked until the end of the transaction (``FOR UPDATE OF`` the game; SQLite locks on write)."""
    return Game.objects.select_for_update(of=("self",)).annotate(**_LOCK_EXTRAS).filter(pk=game_id).order_by().first()


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
    with connection.cursor() as cursor:
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
