"""Model instances from rows of hand-written SQL, converted exactly as the ORM converts them.

The token check of every API request is hand-written SQL (:mod:`accounts.authentication`): compiling the
equivalent ORM join costs more CPU than the query itself. ``Model.objects.raw`` still inspects the
cursor description and maps columns on every call; selecting the model's concrete columns in their order
and building the instance with ``Model.from_db`` skips that, with the same value converters (JSON, decimals,
SQLite datetimes) the ORM applies.
"""

from __future__ import annotations

from django.db import connection
from django.db.models import Model

_CONVERTERS: dict[tuple[str, str], list] = {}
_COLUMNS: dict[tuple[str, str, str], str] = {}


def select_columns(model: type[Model], alias: str) -> str:
    """``alias."col1", alias."col2", ...`` for every concrete field of ``model``, in field order."""
    key = (connection.vendor, model._meta.label, alias)
    found = _COLUMNS.get(key)
    if found is None:
        quote = connection.ops.quote_name
        found = _COLUMNS[key] = ", ".join(f"{alias}.{quote(f.column)}" for f in model._meta.concrete_fields)
    return found


def _converters(model: type[Model]) -> list:
    key = (connection.vendor, model._meta.label)
    found = _CONVERTERS.get(key)
    if found is None:
        found = []
        for index, field in enumerate(model._meta.concrete_fields):
            col = field.get_col(model._meta.db_table)
            funcs = connection.ops.get_db_converters(col) + col.get_db_converters(connection)
            if funcs:
                found.append((index, col, funcs))
        _CONVERTERS[key] = found
    return found


def instance_from_row(model: type[Model], row: tuple | list) -> Model:
    """The instance whose concrete fields are the first values of ``row`` (see :func:`select_columns`)."""
    values = list(row[: len(model._meta.concrete_fields)])
    for index, col, funcs in _converters(model):
        value = values[index]
        for func in funcs:
            value = func(value, col, connection)
        values[index] = value
    return model.from_db(connection.alias, None, values)
