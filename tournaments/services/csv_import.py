"""Import players into an event from CSV text or a list of objects: every row is checked, every error reported at
once, then all rows are written in one transaction (or, on a dry run, none).

CSV: a header row (names case-insensitive) of ``name`` (required), ``rating``, ``federation`` (three letters),
``fide_id``, ``seed``, ``email`` and ``username`` (the login an invitation offers), ``sex`` (``m`` or ``w``,
the TRF's codes), ``title`` (a FIDE title: GM, IM, WGM, FM, WIM, CM, WFM, WCM) and ``birth_date`` (``YYYY-MM-DD``
or ``YYYY/MM/DD``); rows are numbered as a spreadsheet shows them (the header is row 1). A list: objects with
the same keys, numbered from 1. A player with the same FIDE id (or, without one, the same name) is reused, and
gets the sex, title and birth date the row gives where it has none yet. A row without a seed is ranked by
rating (then title and name, FIDE C.04.2) among the others without one (:mod:`tournaments.services.seeding`).
Errors are ``RowErrors`` of ``{"row": n, "field": column, "reason": text}``.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from datetime import date

from django.core.exceptions import ValidationError
from django.db import transaction

import tournaments.services.audit as log
from tournaments.fide import FIDE_TITLES
from tournaments.models import Event, Player, Registration
from tournaments.services.errors import Conflict, RowErrors, reasons
from tournaments.services.events import register_player
from tournaments.services.import_logins import check_logins, keep_login_columns, login_columns
from tournaments.services.sections import placement, rows_of
from tournaments.services.seeding import rank_unseeded

COLUMNS = ("name", "rating", "federation", "fide_id", "seed", "email", "username", "sex", "title", "birth_date")
MAX_ROWS = 5000
EARLIEST_BIRTH = date(1900, 1, 1)
BIRTH_DATE = re.compile(r"([0-9]{4})[-/]([0-9]{2})[-/]([0-9]{2})")  # the schema's pattern (PlayerRowSerializer)


@dataclass(frozen=True)
class Row:
    line: int
    name: str
    rating: int
    federation: str
    fide_id: str
    seed: int | None
    email: str = ""
    username: str = ""
    sex: str = ""
    title: str = ""
    birth_date: date | None = None

    def person(self) -> dict:
        """What the row says about the person beyond the name, rating, federation and FIDE id."""
        return {"sex": self.sex, "title": self.title, "birth_date": self.birth_date}


@dataclass
class Imported:
    """What an import did (or, on a dry run, would do)."""

    rows: list[Row]
    registrations: list[Registration]
    dry_run: bool

    def __iter__(self):  # the registrations, as callers of the list-returning import expect
        return iter(self.registrations)


class _Errors(list):
    def add(self, row: int, field: str, reason: str) -> None:
        self.append({"row": row, "field": field, "reason": reason})


def csv_records(text: str, errors: _Errors) -> list[tuple[int, dict]]:
    """(row number, {column: text}) for each non-blank CSV row; header and CSV-syntax problems go to ``errors``."""
    if "\x00" in text:  # PostgreSQL cannot store it: refused on every database alike
        errors.add(text.count("\n", 0, text.index("\x00")) + 1, "body", "a NUL character (\\u0000) is not allowed")
        return []
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff")), strict=True)
    records: list[tuple[int, dict]] = []
    try:
        header = [h.strip().lower() for h in next(reader, [])]
        if not header:
            errors.add(1, "header", "the file is empty: a header row with at least 'name' is needed")
            return []
        unknown = [h for h in header if h not in COLUMNS]
        if "name" not in header or unknown:
            what = f"unknown column(s) {', '.join(unknown)}" if unknown else "no 'name' column"
            errors.add(1, "header", f"{what}; the columns are {', '.join(COLUMNS)}")
            return []
        for line, raw in enumerate(reader, start=2):
            if len(raw) > len(header):
                errors.add(line, "csv", f"{len(raw)} fields but {len(header)} columns")
                continue
            values = dict(zip(header, (v.strip() for v in raw)))
            if any(values.values()):  # a blank line is skipped
                records.append((line, values))
    except csv.Error as exc:  # e.g. an unterminated quote: refuse rather than guess where the field ends
        errors.add(reader.line_num, "csv", f"malformed CSV ({exc})")
    return records


NUMBERS = ("rating", "seed")  # the columns a JSON import sends as numbers; the others are strings


def list_records(items: object, errors: _Errors) -> list[tuple[int, dict]]:
    """(row number, {column: text}) for each object of a JSON list; shape problems go to ``errors``."""
    if not isinstance(items, list):
        errors.add(1, "body", "a list of players ({name, rating?, federation?}) or text/csv is expected")
        return []
    records = []
    for number, item in enumerate(items, start=1):
        if not isinstance(item, dict):
            errors.add(number, "body", 'each player is an object such as {"name": "Anna Berger", "rating": 2150}')
            continue
        unknown = sorted(str(k) for k in item if k not in COLUMNS)
        for key in unknown:
            errors.add(number, key[:40], f"unknown field; the fields are {', '.join(COLUMNS)}")
        values = {}
        for key in COLUMNS:
            value = item.get(key)
            wanted = int if key in NUMBERS else str  # the JSON types of the schema (PlayerRowSerializer)
            if key in item and (not isinstance(value, wanted) or isinstance(value, bool)):
                errors.add(number, key, "must be a whole number" if wanted is int else "must be a string")
                value = None
            elif isinstance(value, str) and "\x00" in value:  # PostgreSQL cannot store it: refused everywhere
                errors.add(number, key, "a NUL character (\\u0000) is not allowed")
                value = None
            values[key] = "" if value is None else str(value).strip()
        records.append((number, values))
    return records


def check_rows(records: list[tuple[int, dict]], errors: _Errors) -> list[Row]:
    """Check each record's values and the file's repeats; good rows are returned, the rest go to ``errors``."""
    rows: list[Row] = []
    seen: dict[str, dict] = {"name": {}, "fide_id": {}, "seed": {}, "email": {}, "username": {}}
    for line, values in records[:MAX_ROWS]:
        before = len(errors)
        name = values.get("name", "")
        if not name:
            errors.add(line, "name", "the name is empty")
        elif len(name) > 200:
            errors.add(line, "name", "the name is longer than 200 characters")
        rating = values.get("rating", "") or "0"
        if not (rating.isascii() and rating.isdigit()) or int(rating) > 4000:
            errors.add(line, "rating", f"rating {rating!r} is not a whole number from 0 to 4000")
        federation = values.get("federation", "").upper()
        if federation and (len(federation) != 3 or not federation.isalpha() or not federation.isascii()):
            errors.add(line, "federation", f"federation {federation!r} is not a three-letter code")
        fide_id = values.get("fide_id", "")
        if fide_id and (not (fide_id.isascii() and fide_id.isdigit()) or len(fide_id) > 12):
            errors.add(line, "fide_id", f"FIDE id {fide_id!r} is not a number of at most 12 digits")
        seed = values.get("seed", "")
        if seed and (not (seed.isascii() and seed.isdigit()) or not 1 <= int(seed) <= 32767):
            errors.add(line, "seed", f"seed {seed!r} is not a whole number from 1 to 32767")
        person = _person(line, values, errors)
        _repeats(line, name, fide_id, seed, seen, errors)
        email, username = login_columns(line, values, seen, errors)
        if len(errors) == before:
            rows.append(Row(line, name, int(rating), federation, fide_id, int(seed) if seed else None, email, username, **person))
    if len(records) > MAX_ROWS:
        errors.add(records[MAX_ROWS][0], "body", f"more than {MAX_ROWS} players")
    return rows


def _birth_date(text: str) -> date | None:
    """``YYYY-MM-DD`` or ``YYYY/MM/DD`` (the TRF's form), a real day from 1900 to today; None otherwise."""
    found = BIRTH_DATE.fullmatch(text)
    try:
        day = date(*(int(part) for part in found.groups())) if found else None
    except ValueError:  # 1990-02-30
        return None
    return day if day and EARLIEST_BIRTH <= day <= date.today() else None


def _person(line: int, values: dict, errors: _Errors) -> dict:
    """The row's sex (``m``/``w``), FIDE title and birth date, each checked; the bad ones go to ``errors``."""
    sex, title, birth = values.get("sex", "").lower(), values.get("title", ""), values.get("birth_date", "")
    if sex not in ("", "m", "w"):
        errors.add(line, "sex", f"sex {values['sex']!r} is m or w (the TRF's codes), or empty")
    if title and title not in FIDE_TITLES:
        errors.add(line, "title", f"title {title!r} is not a FIDE title ({', '.join(FIDE_TITLES)})")
    day = _birth_date(birth) if birth else None
    if birth and day is None:
        errors.add(line, "birth_date", f"birth date {birth!r} is not a date YYYY-MM-DD from 1900 to today")
    return {"sex": sex, "title": title, "birth_date": day}


def _repeats(line: int, name: str, fide_id: str, seed: str, seen: dict, errors: _Errors) -> None:
    checks = [("fide_id", fide_id, f"FIDE id {fide_id}")] if fide_id else [("name", name.casefold(), name)]
    if seed:
        checks.append(("seed", seed, f"seed {seed}"))
    for field, key, label in checks:
        if not key:
            continue
        if key in seen[field]:
            errors.add(line, field, f"{label} repeats row {seen[field][key]}")
        else:
            seen[field][key] = line


def _find_player(row: Row) -> Player | None:
    if row.fide_id:
        return Player.objects.filter(fide_id=row.fide_id).first()
    return Player.objects.filter(name=row.name, fide_id="").first()


def _player(row: Row) -> Player:
    """The row's player: the one already known (given the sex, title and birth date it lacks), or a new one."""
    player = _find_player(row)
    if player is None:
        return Player.objects.create(name=row.name, rating=row.rating, federation=row.federation, fide_id=row.fide_id,
                                     **row.person())  # fmt: skip
    missing = {field: value for field, value in row.person().items() if value and not getattr(player, field)}
    if missing:
        Player.objects.filter(pk=player.pk).update(**missing)
        for field, value in missing.items():
            setattr(player, field, value)
    return player


def _check_registered(event: Event, rows: list[Row], errors: _Errors) -> dict[int, Event]:
    """Each row's section (by its rating, or the one the import named: issue 27); a player already in the event
    (in any of its sections) or a rating no section admits is the row's error."""
    rows_of_event, places = rows_of(event), {}
    for row in rows:
        player = _find_player(row)
        if player and Registration.objects.filter(event__in=rows_of_event, player=player).exists():
            errors.add(row.line, "name", f"{player} is already registered in {event}")
        try:
            places[row.line] = placement(event, row.rating)
        except ValidationError as exc:
            errors.add(row.line, "rating", "; ".join(text for _, text in reasons(exc)))
    return places


@transaction.atomic
def import_players(event: Event, data: str | list, *, by=None, dry_run: bool = False) -> Imported:
    """Register every row's player in ``event`` (CSV text or a list of objects); all or nothing.

    Raises RowErrors listing every bad row. ``dry_run`` checks everything and writes nothing.
    """
    if event.status == Event.Status.CLOSED:
        raise Conflict({"event": f"{event} is closed"})
    errors = _Errors()
    records = csv_records(data, errors) if isinstance(data, str) else list_records(data, errors)
    rows = check_rows(records, errors)
    places = _check_registered(event, rows, errors)
    check_logins(rows, _find_player, errors)
    if not errors and not rows:
        errors.add(2 if isinstance(data, str) else 1, "name", "no players in the file")
    if errors:
        raise RowErrors(sorted(errors, key=lambda e: e["row"]), "row")
    if dry_run:
        return Imported(rows, [], True)
    registrations = []
    for row in rows:
        player = _player(row)
        keep_login_columns(player, row)
        try:
            registrations.append(register_player(places[row.line], player, seed=row.seed, by=by, rank_now=False))
        except ValidationError as exc:  # a refusal of register_player (a match full, a round-robin started)
            reason = "; ".join(text for _, text in reasons(exc))
            raise RowErrors([{"row": row.line, "field": "name", "reason": reason}], "row") from None
    for section in {place.pk: place for place in places.values()}.values():
        rank_unseeded(section)  # the rows without a seed by rating, once for the whole file
    for registration in registrations:
        registration.refresh_from_db(fields=["seed"])
    log.audit(event, log.PLAYERS_IMPORTED, f"Imported {len(rows)} players", by=by,
              after={"players": [r.name for r in rows]})  # fmt: skip
    return Imported(rows, registrations, False)
