"""A team event's rounds (issue 27): which teams meet (match, round-robin or Swiss by the Dutch engine on match
points), the boards of each match written as ordinary games of the round, and the matches' results as the plain
records scoring.teams ranks."""

from __future__ import annotations

from pairing import teams as pairing
from pairing.dutch import NoValidPairing
from scoring.teams import match_points
from tournaments.models import Event, Round, Team, TeamMatch
from tournaments.services.colour_draw import first_white
from tournaments.services.errors import Conflict
from tournaments.services.teams import lineup_for
from tournaments.team_results import match_records, points_of, teams_of


def team_rating(team: Team, boards: int) -> int:
    """The average rating of the roster's top ``boards`` players (the teams' TRF and the Swiss's initial order)."""
    ratings = [p.rating for p in team.roster()[:boards]]
    return round(sum(ratings) / len(ratings)) if ratings else 0


def team_pairings(event: Event, number: int) -> tuple[list[tuple[int, int]], list[tuple[int, int | None, int]]]:
    """Round ``number``: the boards as (white, black) player ids in board order, and the matches as (first team
    id, second team id or None, first board)."""
    teams = teams_of(event)
    if len(teams) < 2:
        raise Conflict({"teams": f"{event} needs at least two teams"})
    if event.system.competitors == 2 and len(teams) != 2:
        raise Conflict({"teams": "a team match is between exactly two teams"})
    by_number = dict(enumerate(teams, start=1))
    pairs: list[tuple[int, int]] = []
    matches: list[tuple[int, int | None, int]] = []
    for first, second in _schedule(event, teams, number):
        one = by_number[first]
        if second is None:
            matches.append((one.pk, None, 0))
            continue
        two = by_number[second]
        matches.append((one.pk, two.pk, len(pairs) + 1))
        pairs += pairing.board_pairs(lineup_for(one, number), lineup_for(two, number))
    return pairs, matches


def _schedule(event: Event, teams: list[Team], number: int) -> list[pairing.Match]:
    system = event.system
    if system.schedule is not None and system.competitors == 2:
        rounds = pairing.match_rounds(event.rounds_planned)
        if not first_white(event):
            rounds = [[(b, a) for a, b in r] for r in rounds]
    elif system.schedule is not None:
        rounds = pairing.round_robin_rounds(len(teams), double=system.cycles == 2)
    else:
        try:
            return pairing.swiss_round(team_trf(event, teams))
        except NoValidPairing as exc:
            raise Conflict({"round": f"no valid pairing of the teams: {exc}"}) from None
    if number > len(rounds):
        raise Conflict({"round": f"{event} has {len(rounds)} rounds; round {number} is beyond it"})
    return rounds[number - 1]


def team_trf(event: Event, teams: list[Team] | None = None):
    """The teams' TRF before the next round: one line per team, its matches so far and match points."""
    teams = teams or teams_of(event)
    numbers = {t.pk: i for i, t in enumerate(teams, start=1)}
    history: dict[int, list[pairing.TeamResult]] = {}
    points = points_of(event)
    for record in match_records(event):
        one, two = match_points(record, points)
        history.setdefault(numbers[record.first], []).append(pairing.TeamResult(numbers.get(record.second), True, one))
        if record.second is not None:
            history.setdefault(numbers[record.second], []).append(pairing.TeamResult(numbers[record.first], False, two))
    rows = [(numbers[t.pk], t.name, team_rating(t, event.boards)) for t in teams]
    return pairing.swiss_trf(rows, history, event.rounds_planned, points, first_white(event))


def write_matches(rnd: Round, matches: list[tuple[int, int | None, int]]) -> None:
    for number, (first, second, first_board) in enumerate(matches, start=1):
        TeamMatch.objects.create(round=rnd, number=number, first_id=first, second_id=second, first_board=first_board or 1)
