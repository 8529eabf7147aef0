"""What the page templates show, made from the public reads: formatted points, result labels, the rows of the
standings and crosstable tables, the tie-break legend and the variant's board (the round and player pages have
their own modules: :mod:`tournaments.public.round_view`, :mod:`tournaments.public.player_view`).

No HTML is written here (the templates write it, escaping every value); the SVG board comes from
:mod:`tournaments.board_svg`.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from scoring.tiebreak_codes import read_code, tiebreak_name
from tournaments.board_svg import position_svg
from tournaments.models import Event, Game
from tournaments.public.variant import is_fixed, variant_name
from variants.base import InvalidPositionError
from variants.registry import get_engine

# The crosstable's signs of a round paired but not played (scoring.crosstable), in words for the cell's title.
FORFEITS = {"+": "forfeit win", "-": "forfeit loss", "--": "double forfeit"}
PENDING_LABELS = {Game.ResultStatus.REPORTED: "reported", Game.ResultStatus.DISPUTED: "disputed"}

# What each tie-break adds to its name (scoring.tiebreak_codes names them), for the page's legend and column titles.
TIEBREAK_NOTES = {
    "BH-C1": "lowest contribution dropped",
    "BH": "sum of the opponents' scores",
    "SB": "opponents' scores weighted by the result",
    "DE": "place by the games among the tied players; 0: not separated",
    "WIN": "forfeit wins and full-point byes included",
    "REP": "games, the pairing bye and wins without play",
    "KS": "points against opponents on 50 % or more",
    "ARO": "games over the board",
    "TPN": "smaller first",
}


def fmt_points(value: Any) -> str:
    """50 -> "50", 1.5 -> "1.5", Decimal("51.00") -> "51"; None -> ""."""
    if value is None or value == "":
        return ""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return str(value)
    if number.is_integer():
        return str(int(number))
    return f"{number:.2f}".rstrip("0").rstrip(".")


def result_display(result: str) -> str:
    return result.replace("1/2", "½")


def _text(value: object) -> str:
    """A snapshot value for a cell: None (a missing value) shows as nothing. Numbers become text here: the
    template engine would run each through number formatting, a third of a 500-row table's time."""
    return "" if value is None else str(value)


def tiebreak_title(code: str) -> str:
    try:
        name = tiebreak_name(code)
    except ValueError:  # a code the catalogue no longer has, in an old snapshot
        name = code
    note = TIEBREAK_NOTES.get(code) or (TIEBREAK_NOTES.get(read_code(code).base) if name != code else None)
    return f"{name} ({note})" if note else name


def tiebreak_headers(codes: list[str]) -> list[dict]:
    return [{"code": code, "title": tiebreak_title(code)} for code in codes]


def players_url(event: Event) -> str:
    """The address a player's page of ``event`` starts with (the player's id and a slash follow)."""
    return reverse("event-detail", args=[event.slug]) + "players/"


# --- the event list -------------------------------------------------------------------------------------------------

EVENT_GROUPS = (("running", "Running"), ("upcoming", "Upcoming"), ("finished", "Finished"))


def event_group(event: Event) -> str:
    """running, finished (closed) or upcoming (announced, not started yet)."""
    if event.status == Event.Status.RUNNING:
        return "running"
    if event.status == Event.Status.CLOSED:
        return "finished"
    return "upcoming"


def variant_label(event: Event) -> str:
    """What is played: the fixed variant's name, or how the dice choose it ("Random Variant Chess, one roll")."""
    if is_fixed(event):
        return variant_name(event.variant_key)
    return event.draw.label


def event_groups(events) -> list[dict]:
    """The events split into running, upcoming and finished (in that order), each row with its variant."""
    grouped: dict[str, list[dict]] = {key: [] for key, _ in EVENT_GROUPS}
    for event in events:
        grouped[event_group(event)].append({"event": event, "variant": variant_label(event)})
    return [{"key": key, "title": title, "events": grouped[key]} for key, title in EVENT_GROUPS]


# --- the event page -----------------------------------------------------------------------------------------------


def variant_board(variant: dict | None, svg_id: str = "current-variant") -> str:
    """The SVG of the variant's start position; empty without one (or when it cannot be drawn)."""
    if not variant or not variant["start_position"]:
        return ""
    title = f"{variant['variant_name']}: starting position"
    if variant["round"]:
        rounds = variant["rounds"]
        title += f" for rounds {rounds[0]} and {rounds[1]}" if len(rounds) > 1 else f" for round {rounds[0]}"
    try:
        return position_svg(get_engine(variant["variant"]), variant["start_position"], title=title, svg_id=svg_id)
    except (KeyError, InvalidPositionError):
        return ""


def back_rank_rows(variant: dict | None) -> list[dict]:
    """White's back rank file by file: a, b, c, ..."""
    array = variant["array"] if variant else []
    return [{"file": chr(ord("a") + index), "piece": str(piece)} for index, piece in enumerate(array)]


# --- standings and crosstable -------------------------------------------------------------------------------------


def rank_change_display(change: int | None) -> dict:
    """A rank change as text and words: +2 "up 2 places", -1 "down 1 place", 0 "=" "same place"."""
    if change is None:
        return {"text": "", "label": "", "kind": ""}
    if change == 0:
        return {"text": "=", "label": "same place", "kind": "same"}
    places = f"{abs(change)} place{'s' if abs(change) != 1 else ''}"
    if change > 0:
        return {"text": f"▲{change}", "label": f"up {places}", "kind": "up"}
    return {"text": f"▼{-change}", "label": f"down {places}", "kind": "down"}


def standings_rows(data: dict, event: Event) -> list[dict]:
    """The rows of the standings table (``change``: the row's ``rank_change`` as the ± column shows it)."""
    codes = data.get("tiebreaks", [])
    prefix = players_url(event)
    rows = []
    for row in data.get("rows", []):
        tiebreaks = row.get("tiebreaks") or {}
        rows.append(
            {
                "rank": _text(row.get("rank", "")),
                "change": rank_change_display(row.get("rank_change")),
                "url": f"{prefix}{_text(row.get('player_id'))}/",
                "name": _text(row.get("name", "")),
                "rating": _text(row.get("rating") or ""),
                "federation": _text(row.get("federation", "")),
                "points": fmt_points(row.get("points")),
                "games": _text(row.get("games", "")),
                "tiebreaks": [fmt_points(tiebreaks.get(code)) for code in codes],
                "performance": _text(row.get("performance")),
                "colours": _text(row.get("colours", "")),
            }
        )
    return rows


def live_game_rows(live_games: list[dict]) -> list[dict]:
    """The boards still in play with their verdicts, as the provisional standings list them."""
    rows = []
    for game in live_games:
        judged = game.get("verdict") or {}
        points = (judged.get("white_points"), judged.get("black_points"))
        rows.append(
            {**game, "result": result_display(judged.get("result", "")), "reason": judged.get("reason", "no verdict"),
             "points": " – ".join(fmt_points(p) for p in points) if None not in points else ""}
        )  # fmt: skip
    return rows


def _crosstable_cell(cell: dict | None, number: int, rank_of: dict) -> dict:
    if not cell:
        return {"text": "", "label": f"round {number}: not played"}
    opponent = cell.get("opponent_id")
    points = fmt_points(cell.get("points"))
    result = result_display(str(cell.get("result") or ""))
    if opponent is None:
        return {"text": f"{result or 'bye'} {points}".strip(), "label": f"round {number}: {result or 'bye'}, {points} points"}
    colour = cell.get("colour") or ""
    rank = rank_of.get(str(opponent), "?")
    unplayed = FORFEITS.get(result)
    if unplayed:  # a forfeit is no game played: its sign stands where a played game has none
        label = f"round {number}: against rank {rank} with {colour}, {unplayed} (not played), {points} points"
        return {"text": f"{rank}{colour} {result} {points}".strip(), "label": label}
    return {"text": f"{rank}{colour} {points}".strip(), "label": f"round {number}: against rank {rank} with {colour}, {result}"}


def crosstable_rows(data: dict, round_numbers: list[int], event: Event) -> list[dict]:
    """Per player in rank order: a cell per published round (the opponent's rank, colour and points) and the total."""
    rank_of = {str(row.get("player_id")): row.get("rank") for row in data["rows"]}
    prefix = players_url(event)
    rows = []
    for row in data["rows"]:
        cells_by_round = data["crosstable"].get(str(row.get("player_id")), {})
        rows.append(
            {
                "rank": _text(row.get("rank", "")),
                "url": f"{prefix}{_text(row.get('player_id'))}/",
                "name": _text(row.get("name", "")),
                "cells": [_crosstable_cell(cells_by_round.get(str(n)), n, rank_of) for n in round_numbers],
                "points": fmt_points(row.get("points")),
            }
        )
    return rows
