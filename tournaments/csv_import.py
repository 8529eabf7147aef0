"""Import players into an event from CSV: every row is checked first, then all are written in one transaction.

Columns (header row required, names case-insensitive): ``name`` (required), ``rating``, ``federation`` (three
letters), ``fide_id``, ``seed``. A player with the same FIDE id (or, without one, the same name) is reused.
A bad row stops the import with a message naming the row; nothing is written.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction

from tournaments.models import Event, PairingChange, Player, Registration

COLUMNS = ("name", "rating", "federation", "fide_id", "seed")
MAX_ROWS = 5000


@dataclass(frozen=True)
class Row:
    line: int
    name: str
    rating: int
    federation: str
    fide_id: str
    seed: int | None


def _fail(line: int, reason: str) -> ValidationError:
    return ValidationError({"csv": f"row {line}: {reason}"})


def parse_rows(text: str) -> list[Row]:
    """Parse and check every row; raise ValidationError({"csv": "row N: reason"}) at the first bad one."""
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")), strict=True)
    done: list[Row] = []
    try:
        return _check_rows(reader, done)
    except csv.Error as exc:  # e.g. an unterminated quote: refuse rather than guess where the field ends
        line = (done[-1].line if done else 1) + 1
        raise _fail(line, f"malformed CSV ({exc})") from None


def _check_rows(reader: csv.DictReader, rows: list[Row]) -> list[Row]:
    """Check every row into ``rows`` (filled as it goes, so a reader error can name the row after the last)."""
    if not reader.fieldnames:
        raise ValidationError({"csv": "the file is empty: a header row with at least 'name' is needed"})
    header = [(h or "").strip().lower() for h in reader.fieldnames]
    unknown = [h for h in header if h not in COLUMNS]
    if "name" not in header or unknown:
        what = f"unknown column(s) {', '.join(unknown)}" if unknown else "no 'name' column"
        raise ValidationError({"csv": f"row 1 (header): {what}; the columns are {', '.join(COLUMNS)}"})
    seen_names: dict[str, int] = {}
    seen_ids: dict[str, int] = {}
    seen_seeds: dict[int, int] = {}
    for line, raw in enumerate(reader, start=2):
        if len(rows) >= MAX_ROWS:
            raise _fail(line, f"more than {MAX_ROWS} players")
        if None in raw:
            raise _fail(line, "more fields than columns")
        values = {h: (v or "").strip() for h, v in zip(header, raw.values())}
        if not any(values.values()):
            continue  # a blank line
        name = values.get("name", "")
        if not name:
            raise _fail(line, "the name is empty")
        if len(name) > 200:
            raise _fail(line, "the name is longer than 200 characters")
        rating_text = values.get("rating", "") or "0"
        if not rating_text.isdigit() or int(rating_text) > 4000:
            raise _fail(line, f"rating {rating_text!r} is not a whole number from 0 to 4000")
        federation = values.get("federation", "").upper()
        if federation and (len(federation) != 3 or not federation.isalpha() or not federation.isascii()):
            raise _fail(line, f"federation {federation!r} is not a three-letter code")
        fide_id = values.get("fide_id", "")
        if fide_id and (not fide_id.isdigit() or len(fide_id) > 12):
            raise _fail(line, f"FIDE id {fide_id!r} is not a number of at most 12 digits")
        seed_text = values.get("seed", "")
        if seed_text and (not seed_text.isdigit() or int(seed_text) < 1):
            raise _fail(line, f"seed {seed_text!r} is not a positive whole number")
        if seed_text and int(seed_text) in seen_seeds:
            raise _fail(line, f"seed {seed_text} repeats row {seen_seeds[int(seed_text)]}")
        if seed_text:
            seen_seeds[int(seed_text)] = line
        key = name.casefold()
        if fide_id and fide_id in seen_ids:
            raise _fail(line, f"FIDE id {fide_id} repeats row {seen_ids[fide_id]}")
        if not fide_id and key in seen_names:
            raise _fail(line, f"{name} repeats row {seen_names[key]}")
        seen_names.setdefault(key, line)
        if fide_id:
            seen_ids[fide_id] = line
        rows.append(Row(line, name, int(rating_text), federation, fide_id, int(seed_text) if seed_text else None))
    if not rows:
        raise ValidationError({"csv": "no players in the file"})
    return rows


def _find_player(row: Row) -> Player | None:
    if row.fide_id:
        return Player.objects.filter(fide_id=row.fide_id).first()
    return Player.objects.filter(name=row.name, fide_id="").first()


@transaction.atomic
def import_players(event: Event, text: str, *, by=None) -> list[Registration]:
    """Register every row's player in ``event``; all or nothing."""
    from tournaments.services.events import register_player

    rows = parse_rows(text)
    registrations = []
    for row in rows:
        player = _find_player(row)
        if player and Registration.objects.filter(event=event, player=player).exists():
            raise _fail(row.line, f"{player} is already registered in {event}")
        if player is None:
            player = Player.objects.create(name=row.name, rating=row.rating, federation=row.federation, fide_id=row.fide_id)
        try:
            registrations.append(register_player(event, player, seed=row.seed, by=by))
        except ValidationError as exc:
            reason = "; ".join(m for msgs in exc.message_dict.values() for m in msgs)
            raise _fail(row.line, reason) from None
    PairingChange.objects.create(event=event, user=by, description=f"Imported {len(rows)} players from CSV")
    return registrations
