"""An event's standings from the database: rows -> scoring records -> the snapshot dict.

``event_standings`` is what the publishing task stores in StandingsSnapshot.data, and what pages use when no
snapshot exists yet; ``event_standings(event, after=N)`` is the same computed from the first N rounds only (the
standings as they stood after round N).
"""

from __future__ import annotations

from django.utils import timezone

from scoring import get_profile
from scoring.crosstable import crosstable
from scoring.records import PENDING, ByeRecord, GameRecord, PlayerInfo, PlayerLine
from scoring.standings import compute_standings
from scoring.terminations import FORFEIT
from scoring.tiebreaks import TIEBREAKS, parse_tiebreaks
from tournaments.models import Bye, Event, Game, Player, Registration
from tournaments.public.rating import line_performance


def event_tiebreaks(event: Event) -> list[str]:
    """The event's tie-break codes; an unreadable list falls back to the default order rather than failing."""
    try:
        return parse_tiebreaks(event.tiebreaks or "")
    except ValueError:
        return list(TIEBREAKS)


def _registered_players(event: Event) -> dict[int, PlayerInfo]:
    players: dict[int, PlayerInfo] = {}
    registrations = Registration.objects.filter(event=event).select_related("player").order_by("seed", "player__name")
    for reg in registrations:
        p = reg.player
        players[p.pk] = PlayerInfo(p.pk, p.name, p.rating, p.federation, reg.seed)
    return players


def _up_to(after: int | None) -> dict:
    """The query filter of rounds 1..``after`` (every round when None)."""
    return {} if after is None else {"round__number__lte": after}


def _game_records(event: Event, after: int | None = None) -> tuple[list[GameRecord], set[int], set[int]]:
    """The event's games as records, the rounds that have a pairing and the rounds with a result not yet final."""
    games: list[GameRecord] = []
    pending_rounds: set[int] = set()
    paired_rounds: set[int] = set()
    rows = Game.objects.filter(round__event=event, **_up_to(after)).values_list(
        "round__number", "white_id", "black_id", "white_points", "black_points", "result", "result_status", "termination"
    )
    for number, white, black, wp, bp, result, status, termination in rows:
        final = status == Game.ResultStatus.FINAL
        paired_rounds.add(number)
        if not final:
            pending_rounds.add(number)
        games.append(
            GameRecord(
                round=number,
                white=white,
                black=black,
                white_points=float(wp or 0),
                black_points=float(bp or 0),
                result=result,
                final=final,
                forfeit=termination == FORFEIT,
            )
        )
    return games, paired_rounds, pending_rounds


def _bye_records(event: Event, after: int | None = None) -> list[ByeRecord]:
    rows = Bye.objects.filter(round__event=event, **_up_to(after)).values_list("round__number", "player_id", "kind", "points")
    return [ByeRecord(number, player, kind, float(points)) for number, player, kind, points in rows]


def event_records(
    event: Event, after: int | None = None
) -> tuple[list[PlayerInfo], list[GameRecord], list[ByeRecord], int, int]:
    """(players, games, byes, rounds paired, rounds complete) of ``event`` (of its first ``after`` rounds when
    given) as plain records."""
    players = _registered_players(event)
    games, paired_rounds, pending_rounds = _game_records(event, after)
    byes = _bye_records(event, after)
    paired_rounds |= {b.round for b in byes}

    missing = {g.white for g in games} | {g.black for g in games} | {b.player for b in byes}
    missing -= set(players)
    if missing:  # paired but not registered (e.g. added by hand): still in the standings
        for p in Player.objects.filter(pk__in=missing):
            players[p.pk] = PlayerInfo(p.pk, p.name, p.rating, p.federation, 10**6)

    rounds = max(paired_rounds, default=0)
    complete = 0
    for number in range(1, rounds + 1):
        if number not in paired_rounds or number in pending_rounds:
            break
        complete = number
    return list(players.values()), games, byes, rounds, complete


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


def event_standings(event: Event, after: int | None = None) -> dict:
    """The standings snapshot dict of ``event`` (format in docs/rules/scoring.md, "Published standings"); with
    ``after``, the standings as they stood after round ``after`` (later rounds ignored)."""
    players, games, byes, rounds, complete = event_records(event, after)
    order = event_tiebreaks(event)
    game_total = get_profile(event.scoring).game_total
    standings, lines = compute_standings(players, games, byes, rounds=rounds, tiebreaks=order, game_total=game_total)
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
                "tiebreaks": s.tiebreaks,
                "colours": finished_colours(lines[s.info.player_id]),
                "performance": line_performance(lines[s.info.player_id], ratings, game_total),
            }
            for s in standings
        ],
        "crosstable": crosstable(lines),
    }
