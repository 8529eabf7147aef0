"""What the page templates show, made from the public reads: formatted points, result labels, the rows of the
round, player, standings and crosstable tables, the tie-break legend and the variant's board.

No HTML is written here (the templates write it, escaping every value); the SVG board comes from
:mod:`tournaments.board_svg`.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from scoring.tiebreaks import TIEBREAK_NAMES
from tournaments.board_svg import BoardParseError, board_svg
from tournaments.models import Bye, Event, Game, Player, Round
from tournaments.public import queries

PENDING_LABELS = {Game.ResultStatus.REPORTED: "reported", Game.ResultStatus.DISPUTED: "disputed"}
NO_COLOUR = "–"  # the colour column of a bye

# What each tie-break adds to its name (scoring.tiebreaks names them), for the page's legend and column titles.
TIEBREAK_NOTES = {
    "BH-C1": "lowest contribution dropped",
    "BH": "sum of the opponents' scores",
    "SB": "opponents' scores weighted by the result",
    "DE": "points among the tied players",
    "WIN": "forfeit wins and full-point byes included",
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
    name = TIEBREAK_NAMES.get(code, code)
    note = TIEBREAK_NOTES.get(code)
    return f"{name} ({note})" if note else name


def tiebreak_headers(codes: list[str]) -> list[dict]:
    return [{"code": code, "title": tiebreak_title(code)} for code in codes]


def players_url(event: Event) -> str:
    """The address a player's page of ``event`` starts with (the player's id and a slash follow)."""
    return reverse("event-detail", args=[event.slug]) + "players/"


# --- the event page -----------------------------------------------------------------------------------------------


def variant_board(variant: dict | None) -> str:
    """The SVG of the variant's start position; empty without one (or when it cannot be drawn)."""
    if not variant or not variant["start_position"]:
        return ""
    title = f"{variant['variant_name']}: starting position"
    if variant["round"]:
        title += f" for rounds {variant['rounds'][0]} and {variant['rounds'][1]}"
    try:
        return board_svg(variant["start_position"], title=title, svg_id="current-variant")
    except BoardParseError:
        return ""


def back_rank_rows(variant: dict | None) -> list[dict]:
    """White's back rank file by file: a, b, c, ..."""
    array = variant["array"] if variant else []
    return [{"file": chr(ord("a") + index), "piece": str(piece)} for index, piece in enumerate(array)]


# --- the round page -----------------------------------------------------------------------------------------------


def round_rows(rnd: Round) -> list[dict]:
    """The boards of a round as the API gives them, with the result (or "reported") and points formatted."""
    rows = []
    for game in queries.round_games(rnd):
        row = queries.game_row(game)
        row["result_display"] = result_display(row["result"]) or PENDING_LABELS.get(game.result_status, "")
        row["white_points_display"] = fmt_points(row["white_points"])
        row["black_points_display"] = fmt_points(row["black_points"])
        rows.append(row)
    return rows


def bye_rows(rnd: Round) -> list[dict]:
    return [{"player": b.player, "kind": b.get_kind_display(), "points": fmt_points(b.points)} for b in queries.round_byes(rnd)]


# --- the player page ----------------------------------------------------------------------------------------------


def _game_row(game: Game, player: Player) -> dict:
    army = queries.army_of(game, player)
    white = game.white_id == player.id
    result = queries.public_result(game)
    own = game.white_points if white else game.black_points
    return {
        "round": game.round.number,
        "colour": army.capitalize(),
        "opponent": game.black if white else game.white,
        "result": result_display(result),
        "termination": game.termination if result else "",
        "points": fmt_points(own) if result else "",
    }


def _bye_row(number: int, bye: Bye) -> dict:
    return {
        "round": number,
        "colour": NO_COLOUR,
        "opponent": None,
        "result": bye.get_kind_display(),
        "termination": "",
        "points": fmt_points(bye.points),
    }


def player_rows(event: Event, player: Player, games: list[Game]) -> list[dict]:
    """The player's game (or bye) of each published round; a round with neither has no row."""
    byes = queries.player_byes(event, player)
    by_round = {g.round.number: g for g in games}
    rows = []
    for rnd in queries.published_rounds(event):
        if rnd.number in by_round:
            rows.append(_game_row(by_round[rnd.number], player))
        elif rnd.number in byes:
            rows.append(_bye_row(rnd.number, byes[rnd.number]))
    return rows


def player_standing(event: Event, player: Player) -> dict | None:
    """The player's rank and points in the published standings (None before there are any)."""
    data = queries.standings_data(event, with_crosstable=False)
    if not data:
        return None
    row = next((r for r in data["rows"] if r.get("player_id") == player.id), None)
    return None if row is None else {"rank": _text(row.get("rank", "")), "points": fmt_points(row.get("points"))}


# --- standings and crosstable -------------------------------------------------------------------------------------


def standings_rows(data: dict, event: Event) -> list[dict]:
    codes = data.get("tiebreaks", [])
    prefix = players_url(event)
    rows = []
    for row in data.get("rows", []):
        tiebreaks = row.get("tiebreaks") or {}
        rows.append(
            {
                "rank": _text(row.get("rank", "")),
                "url": f"{prefix}{_text(row.get('player_id'))}/",
                "name": _text(row.get("name", "")),
                "rating": _text(row.get("rating") or ""),
                "federation": _text(row.get("federation", "")),
                "points": fmt_points(row.get("points")),
                "games": _text(row.get("games", "")),
                "tiebreaks": [fmt_points(tiebreaks.get(code)) for code in codes],
                "colours": _text(row.get("colours", "")),
            }
        )
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
