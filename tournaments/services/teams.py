"""Teams of a team event (issue 27): a team with its captain and roster, each round's line-up, and the matches of
a round paired (the boards written as ordinary games of the round by services.rounds).

A line-up is N players of the roster in roster order (N: the event's ``boards``), submitted by the captain or the
event's staff until the round is paired (then 409); a team that submitted none plays the roster's first N
available (not withdrawn, no bye asked for the round).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max

import tournaments.services.audit as log
from tournaments.models import ByeRequest, Event, Lineup, Player, Registration, Round, Team, TeamMember
from tournaments.services.errors import Conflict
from tournaments.services.history import plays

TEAM = "team"
TEAM_CREATED = "team-created"
TEAM_CHANGED = "team-changed"
LINEUP_SUBMITTED = "lineup-submitted"
MAX_ROSTER = 50


def is_team_event(event: Event) -> bool:
    return event.competitor == TEAM


@transaction.atomic
def create_team(event: Event, *, name: str, roster: list[int], captain: int | None = None, by=None) -> Team:
    """A team of ``event`` with its roster (player ids, board order), each player registered in the event."""
    if not is_team_event(event):
        raise ValidationError({"competitor": f"{event} pairs players, not teams"})
    if Round.objects.filter(event=event).exclude(status=Round.Status.PENDING).exists() and not event.system.late_entry:
        raise Conflict({"name": f"{event} has started: a round-robin or match takes no new team"})
    name = _checked_name(event, name)
    players = _roster_players(event, roster)
    _check_captain(captain, roster)
    seed = (Team.objects.filter(event=event).aggregate(top=Max("seed"))["top"] or 0) + 1
    team = Team.objects.create(event=event, name=name, captain_id=captain, seed=seed)
    for board, player in enumerate(players, start=1):
        TeamMember.objects.create(team=team, player=player, board=board)
        Registration.objects.get_or_create(event=event, player=player, defaults={"seed": 0, "seed_given": False})
    log.audit(event, TEAM_CREATED, f"Team {name} entered ({len(players)} players)", by=by,
              after={"team": name, "roster": [p.name for p in players]})  # fmt: skip
    return team


@transaction.atomic
def update_team(team: Team, *, name: str, roster: list[int], captain: int | None = None, by=None) -> Team:
    """Rename ``team``, change its captain or its roster (board order), by the checks a new team passes. Once a
    round is paired the roster's board order is what past line-ups kept: players may only be added at the end."""
    event = team.event
    name = _checked_name(event, name, team)
    players = _roster_players(event, roster, team)
    _check_captain(captain, roster)
    before = [m.player_id for m in team.members.order_by("board")]
    started = Round.objects.filter(event=event).exclude(status=Round.Status.PENDING).exists()
    if started and roster[: len(before)] != before:
        raise Conflict({"roster": f"{event} has started: the roster keeps its players and order, new ones go last"})
    named = {pid for lineup in team.lineups.all() for pid in lineup.players}
    dropped = sorted(named - set(roster))
    if dropped:
        raise ValidationError({"roster": f"player {dropped[0]} is in a line-up of {team}: change the line-up first"})
    team.members.all().delete()
    for board, player in enumerate(players, start=1):
        TeamMember.objects.create(team=team, player=player, board=board)
        Registration.objects.get_or_create(event=event, player=player, defaults={"seed": 0, "seed_given": False})
    team.name, team.captain_id = name, captain
    team.save(update_fields=["name", "captain"])
    log.audit(event, TEAM_CHANGED, f"Team {name} changed ({len(players)} players)", by=by,
              after={"team": name, "roster": [p.name for p in players]})  # fmt: skip
    return team


def _checked_name(event: Event, name: str, team: Team | None = None) -> str:
    name = (name or "").strip()
    if not name:
        raise ValidationError({"name": "a team needs a name"})
    if Team.objects.filter(event=event, name=name).exclude(pk=getattr(team, "pk", None)).exists():
        raise ValidationError({"name": f"{event} has a team {name!r} already"})
    return name


def _check_captain(captain: int | None, roster: list[int]) -> None:
    if captain is not None and captain not in roster:
        raise ValidationError({"captain": "the captain is a player of the roster"})


def _roster_players(event: Event, roster: list[int], team: Team | None = None) -> list[Player]:
    if not roster or len(roster) < max(event.boards, 1):
        raise ValidationError({"roster": f"a roster names at least {max(event.boards, 1)} players (the boards of a match)"})
    if len(roster) > MAX_ROSTER or len(set(roster)) != len(roster):
        raise ValidationError({"roster": f"a roster names each player once, at most {MAX_ROSTER}"})
    found = Player.objects.in_bulk(roster)
    missing = [pid for pid in roster if pid not in found]
    if missing:
        raise ValidationError({"roster": f"no player with id {missing[0]}"})
    others = TeamMember.objects.filter(team__event=event, player_id__in=roster).exclude(team_id=getattr(team, "pk", None))
    taken = others.select_related("player", "team").first()
    if taken:
        raise ValidationError({"roster": f"{taken.player} plays for {taken.team} already"})
    return [found[pid] for pid in roster]


def may_submit(user, team: Team) -> bool:
    """The team's captain (their login) may submit its line-ups; the event's staff is checked by the caller."""
    captain = team.captain
    return bool(captain and captain.user_id and user is not None and captain.user_id == user.pk)


@transaction.atomic
def submit_lineup(team: Team, round_number: int, players: list[int], *, by=None) -> Lineup:
    """Round ``round_number``'s line-up of ``team``: ``boards`` players of its roster in roster order; refused
    (409) once the round is paired."""
    event = team.event
    rnd = Round.objects.filter(event=event, number=round_number).first()
    if rnd is not None and rnd.status != Round.Status.PENDING:
        raise Conflict({"round": f"round {round_number} is paired: its line-ups can no longer change"})
    if round_number < 1 or round_number > max(event.rounds_planned, _rr_rounds(event)):
        raise ValidationError({"round": f"{event} has no round {round_number}"})
    order = {m.player_id: m.board for m in team.members.all()}
    if len(players) != event.boards:
        raise ValidationError({"boards": f"a line-up names {event.boards} players, one per board"})
    strangers = [pid for pid in players if pid not in order]
    if strangers:
        raise ValidationError({"boards": f"player {strangers[0]} is not in the roster of {team}"})
    if len(set(players)) != len(players):
        raise ValidationError({"boards": "a player plays one board"})
    places = [order[pid] for pid in players]
    if places != sorted(places):
        raise ValidationError({"boards": "a line-up keeps the roster's board order"})
    lineup, _ = Lineup.objects.update_or_create(team=team, round_number=round_number,
                                                defaults={"players": players, "submitted_by": by})  # fmt: skip
    log.audit(event, LINEUP_SUBMITTED, f"{team}: line-up for round {round_number}", by=by,
              after={"team": team.name, "round": round_number, "boards": players})  # fmt: skip
    return lineup


def _rr_rounds(event: Event) -> int:
    n = Team.objects.filter(event=event).count()
    return event.system.rounds_for(n, event.rounds_planned)


def lineup_for(team: Team, round_number: int) -> list[int]:
    """The players ``team`` fields in the round: its line-up, else the roster's first N available."""
    submitted = Lineup.objects.filter(team=team, round_number=round_number).first()
    if submitted:
        return list(submitted.players)
    regs = {r.player_id: r for r in Registration.objects.filter(event=team.event)}
    away = set(ByeRequest.objects.filter(registration__event=team.event, round_number=round_number)
               .values_list("registration__player_id", flat=True))  # fmt: skip
    available = [m.player_id for m in team.members.order_by("board")
                 if m.player_id in regs and plays(regs[m.player_id], round_number) and m.player_id not in away]  # fmt: skip
    if len(available) < team.event.boards:
        raise Conflict({"boards": f"{team} has {len(available)} players available for {team.event.boards} boards"})
    return available[: team.event.boards]
