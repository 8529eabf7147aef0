"""A team event's results as plain records (issue 27): its finished matches (board points of each side) and the
team standings scoring.teams makes of them. Read by the services, the API, the pages and the exports; writes
nothing (so the exports need no service)."""

from __future__ import annotations

from decimal import Decimal

from scoring.teams import MatchPoints, TeamMatchRecord, team_standings
from tournaments.models import Event, Game, Round, Team, TeamMatch

FINAL = Game.ResultStatus.FINAL


def points_of(event: Event) -> MatchPoints:
    return MatchPoints.parse(event.match_points)


def teams_of(event: Event) -> list[Team]:
    return list(Team.objects.filter(event=event).order_by("seed", "id"))


def match_records(event: Event, through: int | None = None) -> list[TeamMatchRecord]:
    """The finished matches (every board final; a bye) of the rounds up to ``through``, as plain records."""
    games: dict[tuple[int, int], Game] = {}
    rounds = Round.objects.filter(event=event).exclude(status__in=(Round.Status.PENDING, Round.Status.PAIRED))
    if through is not None:
        rounds = rounds.filter(number__lte=through)
    for game in Game.objects.filter(round__in=rounds):
        games[(game.round_id, game.board)] = game
    records = []
    for match in TeamMatch.objects.filter(round__in=rounds).select_related("round").order_by("round__number", "number"):
        record = _record(match, games, event.boards)
        if record is not None:
            records.append(record)
    return records


def _record(match: TeamMatch, games: dict, boards: int) -> TeamMatchRecord | None:
    if match.second_id is None:
        return TeamMatchRecord(match.round.number, match.first_id, None, boards=boards)
    first = second = Decimal(0)
    for i in range(boards):
        game = games.get((match.round_id, match.first_board + i))
        if game is None or game.result_status != FINAL:
            return None
        white, black = game.white_points or 0, game.black_points or 0
        first, second = (first + white, second + black) if i % 2 == 0 else (first + black, second + white)
    return TeamMatchRecord(match.round.number, match.first_id, match.second_id, float(first), float(second), boards)


def round_matches(rnd: Round) -> dict[int, dict]:
    """The matches of a team round by their first board: number, both teams' names and, once every board is final,
    the match score as people write it ("2½–1½"); what a pairing list heads each match's boards with."""
    games = {(game.round_id, game.board): game for game in rnd.games.all()}
    matches = {}
    for match in rnd.team_matches.select_related("first", "second", "round"):
        second = match.second.name if match.second else "bye"
        score = score_of(match, games, rnd.event.boards)
        matches[match.first_board] = {"number": match.number, "first": match.first.name, "second": second, "score": score}
    return matches


def score_of(match: TeamMatch, games: dict, boards: int) -> str:
    """The match score ("2½–1½") once every board of ``match`` is final, else ""; ``games``: (round id, board) ->
    game, holding at least the match's boards."""
    record = _record(match, games, boards) if match.second_id else None
    return f"{_halves(record.first_points)}–{_halves(record.second_points)}" if record else ""


def _halves(points: float) -> str:
    whole, half = divmod(round(points * 2), 2)
    return f"{whole or ''}½" if half else f"{whole}"


def standings_rows(event: Event, through: int | None = None) -> list[dict]:
    """The team standings as the API gives them: rank, team {id, name}, match and board points, tie-breaks."""
    teams = teams_of(event)
    names = {t.pk: t.name for t in teams}
    rows = team_standings([t.pk for t in teams], match_records(event, through), points_of(event))
    return [{"rank": r.rank, "team": {"id": r.team, "name": names[r.team]}, "match_points": r.match_points,
             "board_points": r.board_points, "matches": r.matches, "tiebreaks": dict(r.tiebreaks)} for r in rows]  # fmt: skip
