"""Downloads of an event's published data: PGN of its games, standings as CSV, and FIDE TRF-16.

Only published rounds (status published or complete) are exported, and only final results: a reported or
disputed result is exported as unfinished (``*`` in PGN, no result code in TRF).

TRF-16 (FIDE C.04 Annex 2) knows only 1, ½ and 0 per game, so it is written for classical scoring alone; the
dynamic game points of seed 002 (60-40, 52-48, 51-49, ...) cannot be expressed in it.
"""

from __future__ import annotations

import csv
import io
from datetime import date
from decimal import Decimal

from tournaments.models import Bye, Event, Game
from tournaments.public.queries import published_byes, published_games, published_rounds, result_is_public
from variants.base import BLACK, FORFEIT, WHITE
from variants.registry import get_engine
from variants.standard_start import STANDARD_START

TRF_NEEDS_CLASSICAL = (
    "No TRF file for this event: FIDE TRF-16 records only 1, ½ and 0 per game, and this event uses dynamic "
    "game points (seed 002). TRF is exported for events with classical scoring only.\n"
)
PGN_RESULTS = {"1-0", "0-1", "1/2-1/2"}


def trf_available(event: Event) -> bool:
    """TRF-16 is written for classical scoring only (see above)."""
    return event.scoring == Event.Scoring.CLASSICAL


def _points(value: object) -> str:
    if value is None or value == "":
        return ""
    return format(Decimal(str(value)).normalize(), "f")


# --- PGN ----------------------------------------------------------------------------------------------------------


def _tag(name: str, value: object) -> str:
    text = str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")
    return f'[{name} "{text}"]'


def _variant_tag(key: str) -> str | None:
    """The ``Variant`` tag the engine writes in its own PGN (None: no tag); the key itself for an unknown key."""
    try:
        return get_engine(key).pgn_variant
    except KeyError:
        return key


def _is_simultaneous(key: str) -> bool:
    """One move entry is a whole turn of both armies (Parity Chess)."""
    try:
        return get_engine(key).simultaneous
    except KeyError:
        return False


def _movetext(moves: list, simultaneous: bool) -> list[str]:
    tokens: list[str] = []
    if simultaneous:  # one entry is a whole turn: "white_move black_move"
        for number, turn in enumerate(moves, start=1):
            tokens += [f"{number}.", str(turn)]
        return tokens
    for index, move in enumerate(moves):
        if index % 2 == 0:
            tokens.append(f"{index // 2 + 1}.")
        tokens.append(str(move))
    return tokens


def _wrap(tokens: list[str], width: int = 79) -> str:
    lines, line = [], ""
    for token in tokens:
        if line and len(line) + 1 + len(token) > width:
            lines.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    if line:
        lines.append(line)
    return "\n".join(lines)


def game_pgn(event: Event, game: Game) -> str:
    """One game as PGN: the Seven Tag Roster, the variant and its start, the rolls, termination and game points."""
    final = result_is_public(game)
    result = game.result if final and game.result in PGN_RESULTS else "*"
    when = game.started_at or game.round.published_at
    tags = [
        _tag("Event", event.name),
        _tag("Site", event.slug),
        _tag("Date", when.strftime("%Y.%m.%d") if when else "????.??.??"),
        _tag("Round", game.round.number),
        _tag("White", game.white.name),
        _tag("Black", game.black.name),
        _tag("Result", result),
        _tag("Board", game.board),
    ]
    variant = _variant_tag(game.variant)
    if variant:
        tags.append(_tag("Variant", variant))
    if game.white.rating:
        tags.append(_tag("WhiteElo", game.white.rating))
    if game.black.rating:
        tags.append(_tag("BlackElo", game.black.rating))
    if game.first_roll:
        tags.append(_tag("FirstRoll", game.first_roll))
    if game.second_roll:
        tags.append(_tag("SecondRoll", game.second_roll))
    if game.start_position and game.start_position != STANDARD_START:
        tags += [_tag("SetUp", "1"), _tag("FEN", game.start_position)]
    if final:
        if game.termination:
            tags.append(_tag("Termination", game.termination))
        if game.result not in PGN_RESULTS:  # e.g. a double forfeit "0-0"
            tags.append(_tag("EventResult", game.result))
        if game.white_points is not None and game.black_points is not None:
            tags.append(_tag("WhitePoints", _points(game.white_points)))
            tags.append(_tag("BlackPoints", _points(game.black_points)))
    movetext = _wrap([*_movetext(list(game.moves or []), _is_simultaneous(game.variant)), result])
    return "\n".join(tags) + "\n\n" + movetext + "\n"


def games_pgn(event: Event) -> str:
    """Every game of the event's published rounds, in round and board order, separated by blank lines."""
    return "\n".join(game_pgn(event, game) for game in published_games(event))


# --- CSV ----------------------------------------------------------------------------------------------------------


def _csv_cell(value: object) -> str:
    text = "" if value is None else str(value)
    # A spreadsheet would run a cell starting with = + - @ as a formula; names are user input.
    if text[:1] in ("=", "+", "-", "@") and not text.lstrip("+-").replace(".", "", 1).isdigit():
        text = "'" + text
    return text


def standings_csv(event: Event, standings: dict | None) -> str:
    """The standings as CSV: rank, player, rating, federation, points, games, wins, each tiebreak, colours."""
    tiebreaks = list((standings or {}).get("tiebreaks", []))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["Rank", "Player ID", "Name", "Rating", "Federation", "Points", "Games", "Wins", *tiebreaks, "Colours"])
    for row in (standings or {}).get("rows", []):
        values = row.get("tiebreaks") or {}
        writer.writerow(
            [
                _csv_cell(row.get("rank")),
                _csv_cell(row.get("player_id")),
                _csv_cell(row.get("name")),
                _csv_cell(row.get("rating")),
                _csv_cell(row.get("federation")),
                _points(row.get("points")),
                _csv_cell(row.get("games")),
                _csv_cell(row.get("wins")),
                *[_points(values.get(name)) for name in tiebreaks],
                _csv_cell(row.get("colours")),
            ]
        )
    return out.getvalue()


# --- TRF-16 -------------------------------------------------------------------------------------------------------


class _Line:
    """A fixed-column record; ``put`` writes text starting at a 1-based column."""

    def __init__(self) -> None:
        self.chars: list[str] = []

    def put(self, column: int, text: str, width: int | None = None, right: bool = False) -> None:
        if width is not None:
            text = text[:width].rjust(width) if right else text[:width].ljust(width)
        start = column - 1
        if len(self.chars) < start + len(text):
            self.chars.extend(" " * (start + len(text) - len(self.chars)))
        self.chars[start : start + len(text)] = list(text)

    def __str__(self) -> str:
        return "".join(self.chars).rstrip()


def _trf_name(name: str) -> str:
    """'Anna Berger' -> 'Berger, Anna' (TRF wants "Last, First"); a name with a comma is kept."""
    if "," in name:
        return name
    parts = name.split()
    return f"{parts[-1]}, {' '.join(parts[:-1])}" if len(parts) > 1 else name


def _start_ranks(event: Event) -> list:
    """Registrations in starting-rank order: their seed when set, then rating (high first) and name."""
    registrations = list(event.registrations.select_related("player"))
    registrations.sort(key=lambda r: (r.seed or 10**9, -r.player.rating, r.player.name))
    return registrations


def _game_code(game: Game, army: str) -> str:
    """The TRF result code of one army: 1 = 0 over the board, + - for forfeits, blank while unfinished."""
    if not result_is_public(game):
        return " "
    result = game.result
    forfeit = game.termination == FORFEIT
    if result == "1-0":
        won = army == WHITE
    elif result == "0-1":
        won = army == BLACK
    elif result == "1/2-1/2":
        return "="
    else:  # both absent ("0-0")
        return "-"
    if forfeit:
        return "+" if won else "-"
    return "1" if won else "0"


def _bye_code(bye: Bye) -> str:
    if bye.kind == Bye.Kind.PAIRING:
        return "U"
    if bye.kind == Bye.Kind.REQUESTED:
        return {Decimal("1"): "F", Decimal("0.5"): "H"}.get(Decimal(bye.points).normalize(), "Z")
    return "Z"


def _results_by_cell(games: list[Game], byes: list[Bye], start_rank: dict[int, int]):
    """(player, round) -> (opponent's start rank, colour, result code), and each player's points of final results."""
    cells: dict[tuple[int, int], tuple[int, str, str]] = {}
    points: dict[int, Decimal] = {pid: Decimal(0) for pid in start_rank}
    for game in games:
        n = game.round.number
        cells[(game.white_id, n)] = (start_rank.get(game.black_id, 0), "w", _game_code(game, WHITE))
        cells[(game.black_id, n)] = (start_rank.get(game.white_id, 0), "b", _game_code(game, BLACK))
        if result_is_public(game):
            points[game.white_id] = points.get(game.white_id, Decimal(0)) + (game.white_points or 0)
            points[game.black_id] = points.get(game.black_id, Decimal(0)) + (game.black_points or 0)
    for bye in byes:
        cells[(bye.player_id, bye.round.number)] = (0, "-", _bye_code(bye))
        points[bye.player_id] = points.get(bye.player_id, Decimal(0)) + bye.points
    return cells, points


def _header_records(event: Event, registrations: list, rounds: list) -> list[str]:
    """The 012 ... 122 records, and 132 (the round dates) when a round is published."""
    end = max((r.published_at for r in rounds if r.published_at), default=None)
    header = [
        ("012", event.name),
        ("042", event.starts_on.strftime("%Y/%m/%d") if event.starts_on else ""),
        ("052", end.strftime("%Y/%m/%d") if end and event.status == Event.Status.CLOSED else ""),
        ("062", str(len(registrations))),
        ("072", str(sum(1 for r in registrations if r.player.rating))),
        ("092", event.get_format_display()),
        ("102", _arbiter(event)),
        ("122", event.time_control),
    ]
    lines = [f"{tag} {value}" for tag, value in header if value]
    dates = _Line()
    dates.put(1, "132")
    for index, rnd in enumerate(rounds):
        when: date | None = rnd.published_at.date() if rnd.published_at else None
        dates.put(92 + 10 * index, when.strftime("%y/%m/%d") if when else "", 8)
    if rounds:
        lines.append(str(dates))
    return lines


def _player_record(player, start_rank: int, row: dict, points: Decimal, rounds: list, cells: dict) -> str:
    """One 001 record: start rank, name, rating, federation, FIDE id, points, rank, then a block per round."""
    line = _Line()
    line.put(1, "001")
    line.put(5, str(start_rank), 4, right=True)
    line.put(15, _trf_name(player.name), 33)
    line.put(49, str(player.rating or ""), 4, right=True)
    line.put(54, player.federation.upper(), 3)
    line.put(58, player.fide_id, 11, right=True)
    total = row.get("points", points)
    line.put(81, f"{Decimal(str(total)):.1f}", 4, right=True)
    line.put(86, str(row.get("rank", "")), 4, right=True)
    for index, rnd in enumerate(rounds):
        opponent, colour, code = cells.get((player.id, rnd.number), (0, "-", "Z"))
        column = 92 + 10 * index
        line.put(column, f"{opponent:04d}" if opponent == 0 else str(opponent), 4, right=True)
        line.put(column + 5, colour)
        line.put(column + 7, code)
    return str(line)


def tournament_trf(event: Event, standings: dict | None) -> str:
    """The event as a FIDE TRF-16 file (classical scoring; lines end in CR LF)."""
    registrations = _start_ranks(event)
    start_rank = {r.player_id: index for index, r in enumerate(registrations, start=1)}
    rounds = list(published_rounds(event))
    cells, points = _results_by_cell(list(published_games(event)), list(published_byes(event)), start_rank)
    rows = {row.get("player_id"): row for row in (standings or {}).get("rows", [])}
    lines = _header_records(event, registrations, rounds)
    for registration in registrations:
        player = registration.player
        row = rows.get(player.id, {})
        lines.append(_player_record(player, start_rank[player.id], row, points.get(player.id, Decimal(0)), rounds, cells))
    lines.append(f"XXR {event.rounds_planned}")
    return "\r\n".join(lines) + "\r\n"


def _arbiter(event: Event) -> str:
    arbiter = event.arbiters.order_by("id").first()
    if arbiter is None:
        return ""
    return arbiter.get_full_name() or arbiter.get_username()


__all__ = ["TRF_NEEDS_CLASSICAL", "game_pgn", "games_pgn", "standings_csv", "tournament_trf", "trf_available"]
