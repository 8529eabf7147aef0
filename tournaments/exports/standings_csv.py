"""The standings as CSV: rank, player, rating, federation, points, games, wins, each tie-break, performance and
colours (one row per player, in rank order)."""

from __future__ import annotations

import csv
import io
import re
from decimal import Decimal

from tournaments.models import Event


def points_text(value: object) -> str:
    """50 -> "50", 1.5 -> "1.5"; None or "" -> ""."""
    if value is None or value == "":
        return ""
    return format(Decimal(str(value)).normalize(), "f")


# The formula guard (OWASP, "CSV Injection"): a spreadsheet runs a cell that starts with = + - @ (or a tab or a
# carriage return before one) as a formula, and a formula can fetch a URL, open a link or start a program (DDE).
# Such a cell gets a leading ' (read as text) unless it is plainly data that no spreadsheet can run: a number
# (it evaluates to itself) or a colour sequence of W, B and - (no parenthesis for a call, no | or ! for DDE or
# another file, no digit for a cell reference). Only + and - can start such data; = @ tab CR LF NUL never do.
ALWAYS_A_FORMULA = ("=", "@", "\t", "\r", "\n", "\0")
MAYBE_A_FORMULA = ("+", "-")
PLAIN_DATA = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|[WB-]+")


def csv_cell(value: object) -> str:
    """``value`` as a CSV cell that a spreadsheet shows and never runs (the rule above): ``=1+1`` -> ``'=1+1``,
    ``-2+3+cmd|'/c calc'!A0`` -> quoted, but ``-WBW`` and ``-12.5`` as they are."""
    text = "" if value is None else str(value)
    if text.startswith(ALWAYS_A_FORMULA) or (text.startswith(MAYBE_A_FORMULA) and not PLAIN_DATA.fullmatch(text)):
        return "'" + text
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
                csv_cell(row.get("rank")),
                csv_cell(row.get("player_id")),
                csv_cell(row.get("name")),
                csv_cell(row.get("rating")),
                csv_cell(row.get("federation")),
                points_text(row.get("points")),
                csv_cell(row.get("games")),
                csv_cell(row.get("wins")),
                *[points_text(values.get(name)) for name in tiebreaks],
                csv_cell(row.get("performance")),
                csv_cell(row.get("colours")),
            ]
        )
    return out.getvalue()
