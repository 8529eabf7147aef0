"""The standings as CSV: rank, player, rating, federation, points, games, wins, each tie-break, performance and
colours (one row per player, in rank order)."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

from tournaments.models import Event


def points_text(value: object) -> str:
    """50 -> "50", 1.5 -> "1.5"; None or "" -> ""."""
    if value is None or value == "":
        return ""
    return format(Decimal(str(value)).normalize(), "f")


def _csv_cell(value: object) -> str:
    text = "" if value is None else str(value)
    # A spreadsheet would run a cell starting with = + - @ as a formula; names are user input.
    if text[:1] in ("=", "+", "-", "@") and not text.lstrip("+-").replace(".", "", 1).isdigit():
        text = "'" + text
    return text


def standings_csv(event: Event, standings: dict | None) -> str:
    """The standings as CSV (``standings`` in the snapshot's format; None: the header row alone)."""
    tiebreaks = list((standings or {}).get("tiebreaks", []))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    header = ["Rank", "Player ID", "Name", "Rating", "Federation", "Points", "Games", "Wins", *tiebreaks]
    writer.writerow([*header, "Performance", "Colours"])
    for row in (standings or {}).get("rows", []):
        values = row.get("tiebreaks") or {}
        writer.writerow(
            [
                _csv_cell(row.get("rank")),
                _csv_cell(row.get("player_id")),
                _csv_cell(row.get("name")),
                _csv_cell(row.get("rating")),
                _csv_cell(row.get("federation")),
                points_text(row.get("points")),
                _csv_cell(row.get("games")),
                _csv_cell(row.get("wins")),
                *[points_text(values.get(name)) for name in tiebreaks],
                _csv_cell(row.get("performance")),
                _csv_cell(row.get("colours")),
            ]
        )
    return out.getvalue()
