"""An event as a FIDE TRF-16 file (FIDE C.04 Annex 2), for classical scoring (docs/rules/exports.md).

TRF-16 records only 1, ½ and 0 per game, so it is written for a profile whose points it records exactly
(``Profile.trf_exact``: classical scoring): the dynamic game points of seed 002 (60-40, 52-48, 51-49, ...) cannot
be expressed in it.

The tournament section has every header record of the standard, in its order: 012 name, 022 city, 032
federation, 042 start date, 052 end date, 062 players, 072 rated players, 082 teams, 092 type, 102 chief arbiter,
112 deputy arbiters (a line each), 122 time control, 132 round dates. A record whose value the event does not
hold is written with its tag alone. The chief arbiter is the event's ``chief_arbiter``, else its first arbiter; an
arbiter is written by their full name, never by a login name; the start date is the event's, else its first
round's. Every value is composed Unicode on one line (:func:`trf_text`). Player records carry sex and title when
known, and the birth date only in the download of the event's staff (``birth_dates``). Player records are
written by the pairing engine's TRF module (:func:`pairing.trf.player_line`), so the file the pairing
reads and the file FIDE receives have one writer; the TRF(x) lines the FIDE-endorsed pairing engines read follow
them: ``XXR`` (rounds planned), ``XXC white1``/``black1`` (the drawn colour of pairing number 1 in round 1, once
drawn) and an ``XXP`` line per forbidden pairing, so ``pair_trf`` (or bbpPairings, JaVaFo) pairs from the export as
the event does.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date
from decimal import Decimal

from clocks.control import TimeControlError, parse_time_control
from pairing.trf import NOT_PAIRED, RoundEntry, TrfPlayer, player_line
from tournaments.exports.teams import team_records
from tournaments.fide import initial_order
from tournaments.models import Bye, ColourDraw, Event, ForbiddenPairing, Game, Registration, Round
from tournaments.public.queries import published_byes, published_games, published_rounds, result_is_public
from variants.base import BLACK, FORFEIT, WHITE

TRF_REFUSAL = (
    "No TRF file for this event: FIDE TRF-16 records only 1, ½ and 0 per game, and this event uses {points}. "
    "TRF is exported for events with classical scoring only.\n"
)
FIRST_ROUND_COLUMN = 92  # 132 round dates and each player's round blocks: 10 columns a round from here
LAST_NAME_FIRST_SEPARATOR = ", "
# A TRF record is one line of fixed columns: a control character (a newline in a name) would break the line.
CONTROL = re.compile(r"\s*[\x00-\x1f\x7f-\x9f\u2028\u2029]+\s*")
DATE = "%Y/%m/%d"  # 042, 052 and the birth date (TRF-2026: YYYY/MM/DD)
ABSENT = RoundEntry(None, "-", "Z")  # in a published round without a game or bye: a zero-point bye


def trf_available(event: Event) -> bool:
    """TRF-16 is written for a profile whose points it records exactly (classical scoring, see above)."""
    return event.profile.trf_exact


def trf_refusal(event: Event) -> str:
    """Why an event has no TRF file: the points its profile gives (``Profile.points_name``)."""
    profile = event.profile
    return TRF_REFUSAL.format(points=profile.points_name or f"{profile.name} scoring")


def trf_text(text: str) -> str:
    """A value as one TRF field holds it: composed Unicode (an accent is one column, not two), and each run of
    control characters (a newline, a tab) one space."""
    return CONTROL.sub(" ", unicodedata.normalize("NFC", text)).strip()


def trf_name(name: str) -> str:
    """'Anna Berger' -> 'Berger, Anna' (TRF wants "Lastname, Firstname"); a name with a comma is kept."""
    name = trf_text(name)
    if "," in name:
        return name
    parts = name.split()
    return f"{parts[-1]}{LAST_NAME_FIRST_SEPARATOR}{' '.join(parts[:-1])}" if len(parts) > 1 else name


def start_ranks(event: Event) -> list[Registration]:
    """Registrations in starting-rank order: their seed when set, then the FIDE order (C.04.2: rating, title, name)."""
    registrations = list(event.registrations.select_related("player"))
    registrations.sort(key=lambda r: (r.seed or 10**9, *initial_order(r.player)))
    return registrations


# --- results ------------------------------------------------------------------------------------------------------


def game_code(game: Game, army: str) -> str:
    """The TRF result code of one army: 1 = 0 over the board, + - for forfeits (- for both when both were absent)."""
    result, forfeit = game.result, game.termination == FORFEIT
    if result == "1/2-1/2":
        return "="
    if result not in ("1-0", "0-1"):  # both absent ("0-0")
        return "-"
    won = (result == "1-0") == (army == WHITE)
    if forfeit:
        return "+" if won else "-"
    return "1" if won else "0"


def bye_code(bye: Bye) -> str:
    """U the pairing-allocated bye, F / H a requested bye of a full / half point, Z a zero-point bye."""
    if bye.kind == Bye.Kind.PAIRING:
        return "U"
    if bye.kind == Bye.Kind.REQUESTED:
        return {Decimal("1"): "F", Decimal("0.5"): "H"}.get(Decimal(bye.points).normalize(), "Z")
    return "Z"


def round_entries(games: list[Game], byes: list[Bye], start_rank: dict[int, int]) -> dict[tuple[int, int], RoundEntry]:
    """(player id, round) -> the player's TRF round entry. A game without a final result is left blank (TRF-16
    has no code for a game in progress); a round with no entry at all is a known absence (:data:`ABSENT`)."""
    cells: dict[tuple[int, int], RoundEntry] = {}
    for game in games:
        n = game.round.number
        if not result_is_public(game):
            cells[(game.white_id, n)] = cells[(game.black_id, n)] = NOT_PAIRED
            continue
        cells[(game.white_id, n)] = RoundEntry(start_rank.get(game.black_id), "w", game_code(game, WHITE))
        cells[(game.black_id, n)] = RoundEntry(start_rank.get(game.white_id), "b", game_code(game, BLACK))
    for bye in byes:
        cells[(bye.player_id, bye.round.number)] = RoundEntry(None, "-", bye_code(bye))
    return cells


def _points(games: list[Game], byes: list[Bye]) -> dict[int, Decimal]:
    points: dict[int, Decimal] = {}
    for game in games:
        if result_is_public(game):
            points[game.white_id] = points.get(game.white_id, Decimal(0)) + (game.white_points or 0)
            points[game.black_id] = points.get(game.black_id, Decimal(0)) + (game.black_points or 0)
    for bye in byes:
        points[bye.player_id] = points.get(bye.player_id, Decimal(0)) + bye.points
    return points


# --- the tournament section -----------------------------------------------------------------------------------------


def _arbiters(event: Event) -> list[str]:
    """The chief arbiter first (the event's ``chief_arbiter``, else its first arbiter), then the deputies: the
    arbiters' full names. A login name is never written (the file is public): an account without a name is left out."""
    names = [trf_text(user.get_full_name()) for user in event.arbiters.order_by("id")]
    names = [name for name in names if name]
    chief = trf_text(event.chief_arbiter)
    if not chief:
        return names
    return [chief, *(name for name in names if name != chief)]


def start_date(event: Event, rounds: list[Round]) -> date | None:
    """The day the event starts: its ``starts_on``, else the day of its first round when that is known."""
    return event.starts_on or next((day for day in map(round_date, rounds[:1]) if day), None)


def round_date(rnd: Round) -> date | None:
    """The day a round was played: its start time when set, else the day it was published."""
    when = rnd.starts_at or rnd.published_at
    return when.date() if when else None


def time_control_text(text: str) -> str:
    """The event's time control with its reading, e.g. ``90+30 (90 min +30 s a move)``."""
    try:
        described = parse_time_control(text).describe()
    except TimeControlError:
        return text
    return f"{text} ({described})" if text and described != text else text


def header_records(event: Event, registrations: list[Registration], rounds: list[Round]) -> list[str]:
    """The 012 ... 132 records in the standard's order (see the module docstring)."""
    days = [round_date(rnd) for rnd in rounds]
    end = max((day for day in days if day), default=None)
    start = start_date(event, rounds)
    arbiters = _arbiters(event)
    records = [
        ("012", event.name),
        ("022", event.city),
        ("032", event.federation.upper()),
        ("042", start.strftime(DATE) if start else ""),
        ("052", end.strftime(DATE) if end and event.status == Event.Status.CLOSED else ""),
        ("062", str(len(registrations))),
        ("072", str(sum(1 for r in registrations if r.player.rating))),
        ("082", "0"),  # an individual event: no teams
        ("092", f"Individual: {event.get_format_display()}"),
        ("102", arbiters[0] if arbiters else ""),
        *[("112", deputy) for deputy in arbiters[1:] or [""]],
        ("122", time_control_text(event.time_control)),
    ]
    lines = [f"{tag} {trf_text(value)}".rstrip() for tag, value in records]
    dates = "132".ljust(FIRST_ROUND_COLUMN - 1)
    for index, day in enumerate(days):
        dates = dates.ljust(FIRST_ROUND_COLUMN - 1 + 10 * index) + (day.strftime("%y/%m/%d") if day else "        ")
    lines.append(dates.rstrip())
    return lines


def tournament_trf(event: Event, standings: dict | None, *, birth_dates: bool = False) -> str:
    """The event as a FIDE TRF-16 file (classical scoring; lines end in CR LF). A birth date is personal data:
    it is written only with ``birth_dates`` (the download of the event's staff, who send the file to FIDE)."""
    registrations = start_ranks(event)
    start_rank = {r.player_id: index for index, r in enumerate(registrations, start=1)}
    rounds = list(published_rounds(event))
    games, byes = list(published_games(event)), list(published_byes(event).select_related("round"))
    cells = round_entries(games, byes, start_rank)
    points = _points(games, byes)
    rows = {row.get("player_id"): row for row in (standings or {}).get("rows", [])}
    lines = header_records(event, registrations, rounds)
    for registration in registrations:
        player, row = registration.player, rows.get(registration.player_id, {})
        total = Decimal(str(row.get("points", points.get(player.id, Decimal(0)))))
        record = TrfPlayer(
            number=start_rank[player.id],
            name=trf_name(player.name),
            rating=player.rating,
            points=int(total * 10),
            rounds=[cells.get((player.id, rnd.number), ABSENT) for rnd in rounds],
            federation=player.federation.upper(),
            fide_id=player.fide_id,
            sex=player.sex,
            title=player.title,
            birth=player.birth_date.strftime(DATE) if birth_dates and player.birth_date else "",
        )
        rank = row.get("rank")
        lines.append(player_line(record, rank if isinstance(rank, int) else 0))
    lines += team_records(event, start_rank)  # a team event's 013 records (issue 27); none otherwise
    lines += pairing_engine_lines(event, start_rank)
    return "\r\n".join(lines) + "\r\n"


def pairing_engine_lines(event: Event, start_rank: dict[int, int]) -> list[str]:
    """XXR, XXC (when the colour has been drawn: an export never draws it) and XXP, in start-rank numbers."""
    lines = [f"XXR {event.rounds_planned}"]
    drawn = ColourDraw.objects.filter(event=event).values_list("first_white", flat=True).first()
    if drawn is not None:
        lines.append("XXC white1" if drawn else "XXC black1")
    for a, b in ForbiddenPairing.objects.filter(event=event).values_list("player_a_id", "player_b_id"):
        if a in start_rank and b in start_rank:
            lines.append(f"XXP {start_rank[a]} {start_rank[b]}")
    return lines
