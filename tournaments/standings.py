"""An event's standings from the database: rows -> scoring records -> the snapshot dict.

``event_standings`` is what the publishing task stores in StandingsSnapshot.data, and what pages use when no
snapshot exists yet; ``event_standings(event, after=N)`` is the same computed from the first N rounds only (the
standings as they stood after round N). Each row carries ``rank_change``: the places gained in the last round
counted (the last published round, or N), against the standings after the round before it, so the pages read it
from the snapshot instead of computing a second table per request.
"""

from __future__ import annotations

import logging

from django.db.models import Max
from django.utils import timezone

from scoring import get_profile
from scoring.crosstable import crosstable
from scoring.records import PENDING, ByeRecord, GameRecord, PlayerInfo, PlayerLine
from scoring.standings import compute_standings
from scoring.tiebreak_codes import check_edition, edition_for, read_code
from tournaments.models import Bye, Event, Game, Player, Registration, Round
from tournaments.public.rating import line_performance
from variants.terminations import FORFEIT

log = logging.getLogger(__name__)


def event_tiebreaks(event: Event) -> tuple[list[str], list[str]]:
    """The event's tie-break codes in order, and those of them no registered tie-break reads (a tie-break whose
    module is gone since the event chose it): those are logged and their columns left empty, the others rank."""
    codes = [str(code) for code in event.tiebreaks or []]
    unknown = []
    for code in codes:
        try:
            read_code(code)
        except ValueError:
            unknown.append(code)
    if unknown:
        log.warning("event %s: tie-break(s) %s not registered; their columns stay empty", event.slug, ", ".join(unknown))
    return codes, unknown


def event_edition(event: Event) -> str:
    """The C.07 text the event follows: the one it names, else the one in force on its first day."""
    try:
        return check_edition(event.tiebreak_edition)
    except ValueError:
        return edition_for(event.starts_on)


def is_round_robin(event: Event) -> bool:
    """C.07 Article 15 (a pre-determined schedule) rather than Article 16 (Swiss) for unplayed games."""
    return event.system.predetermined


def _registered_players(event: Event) -> dict[int, PlayerInfo]:
    players: dict[int, PlayerInfo] = {}
    registrations = Registration.objects.filter(event=event).select_related("player").order_by("seed", "player__name")
    for reg in registrations:
        p = reg.player
        players[p.pk] = PlayerInfo(p.pk, p.name, p.rating, p.federation, reg.seed)
    return players


Records = tuple[list[PlayerInfo], list[GameRecord], list[ByeRecord], int, int]
PUBLISHED = (Round.Status.PUBLISHED, Round.Status.COMPLETE)


def _up_to(after: int | None) -> dict:
    """The query filter of rounds 1..``after`` (every round when None)."""
    return {} if after is None else {"round__number__lte": after}


def _game_records(event: Event, after: int | None = None) -> list[GameRecord]:
    rows = Game.objects.filter(round__event=event, **_up_to(after)).values_list(
        "round__number", "white_id", "black_id", "white_points", "black_points", "result", "result_status", "termination"
    )
    return [
        GameRecord(
            round=number,
            white=white,
            black=black,
            white_points=float(wp or 0),
            black_points=float(bp or 0),
            result=result,
            final=status == Game.ResultStatus.FINAL,
            forfeit=termination == FORFEIT,
        )
        for number, white, black, wp, bp, result, status, termination in rows
    ]


def _bye_records(event: Event, after: int | None = None) -> list[ByeRecord]:
    rows = Bye.objects.filter(round__event=event, **_up_to(after)).values_list("round__number", "player_id", "kind", "points")
    return [ByeRecord(number, player, kind, float(points)) for number, player, kind, points in rows]


def _paired_and_complete(games: list[GameRecord], byes: list[ByeRecord]) -> tuple[int, int]:
    """(the last round with a pairing, the last round before which every round is paired and has every result)."""
    paired = {g.round for g in games} | {b.round for b in byes}
    pending = {g.round for g in games if not g.final}
    rounds = max(paired, default=0)
    complete = 0
    for number in range(1, rounds + 1):
        if number not in paired or number in pending:
            break
        complete = number
    return rounds, complete


def event_records(event: Event, after: int | None = None) -> Records:
    """(players, games, byes, rounds paired, rounds complete) of ``event`` (of its first ``after`` rounds when
    given) as plain records."""
    players = _registered_players(event)
    games = _game_records(event, after)
    byes = _bye_records(event, after)
    missing = {g.white for g in games} | {g.black for g in games} | {b.player for b in byes}
    missing -= set(players)
    if missing:  # paired but not registered (e.g. added by hand): still in the standings
        for p in Player.objects.filter(pk__in=missing):
            players[p.pk] = PlayerInfo(p.pk, p.name, p.rating, p.federation, 10**6)
    return (list(players.values()), games, byes, *_paired_and_complete(games, byes))


def records_up_to(records: Records, number: int) -> Records:
    """The records of rounds 1..``number`` alone (read once, filtered in memory)."""
    players, games, byes, _, _ = records
    games = [g for g in games if g.round <= number]
    byes = [b for b in byes if b.round <= number]
    return (players, games, byes, *_paired_and_complete(games, byes))


def finished_colours(line: PlayerLine) -> str:
    """W or B per round for a game with a final result, ``-`` for a round without one (a bye, an absence, or a
    game still being played); the unfinished rounds at the end are left off, so a colour is shown only once the
    game is over."""
    letters = ["-" if entry.kind == PENDING else entry.colour.upper() for _, entry in sorted(line.rounds.items())]
    pending = [entry.kind == PENDING for _, entry in sorted(line.rounds.items())]
    while pending and pending[-1]:
        pending.pop()
        letters.pop()
    return "".join(letters)


def last_published_round(event: Event) -> int:
    """The number of the event's latest published round (0 before the first)."""
    return Round.objects.filter(event=event, status__in=PUBLISHED).aggregate(last=Max("number"))["last"] or 0


def event_standings(event: Event, after: int | None = None) -> dict:
    """The standings snapshot dict of ``event`` (format in docs/rules/scoring.md, "Published standings"); with
    ``after``, the standings as they stood after round ``after`` (later rounds ignored)."""
    records = event_records(event, after)
    return standings_with_changes(event, records, after if after is not None else last_published_round(event))


def standings_with_changes(event: Event, records: Records, shown: int) -> dict:
    """The standings of ``records``, each row with ``rank_change``: the places gained in round ``shown`` (against
    the standings after round ``shown`` - 1; negative: lost), None for round 1 or a player new to the table."""
    data = standings_from_records(event, records)
    previous = standings_from_records(event, records_up_to(records, shown - 1)) if shown >= 2 else {"rows": []}
    before = {row["player_id"]: row["rank"] for row in previous["rows"]}
    for row in data["rows"]:
        old = before.get(row["player_id"])
        row["rank_change"] = None if old is None else old - row["rank"]
    return data


def standings_from_records(event: Event, records: Records) -> dict:
    """The standings dict of records already read (:func:`event_records`), without rank changes."""
    players, games, byes, rounds, complete = records
    order, unknown = event_tiebreaks(event)
    game_total = get_profile(event.scoring).game_total
    standings, lines = compute_standings(
        players, games, byes, rounds=rounds, tiebreaks=[c for c in order if c not in unknown], game_total=game_total,
        round_robin=is_round_robin(event), edition=event_edition(event),
    )  # fmt: skip
    ratings = {pid: line.info.rating for pid, line in lines.items()}
    return {
        "event": event.slug,
        "computed_at": timezone.now().isoformat(),
        "scoring": event.scoring,
        "rounds_complete": complete,
        "rounds_paired": rounds,
        "tiebreaks": order,
        "rows": [
            {
                "rank": s.rank,
                "player_id": s.info.player_id,
                "name": s.info.name,
                "rating": s.info.rating,
                "federation": s.info.federation,
                "points": s.points,
                "games": s.games,
                "wins": s.wins,
                "tiebreaks": {code: s.tiebreaks.get(code) for code in order},  # an unknown code's column empty
                "colours": finished_colours(lines[s.info.player_id]),
                "performance": line_performance(lines[s.info.player_id], ratings, game_total),
            }
            for s in standings
        ],
        "crosstable": crosstable(lines),
    }
