"""What the pairing needs to know about each player, read from the database in a few queries."""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.models import Bye, Event, Game, Registration, Round
from variants.terminations import FORFEIT


@dataclass
class PlayerHistory:
    player_id: int
    name: str
    rating: int
    seed: int
    score: float = 0.0
    colours: dict[int, str] = field(default_factory=dict)  # round -> w/b
    opponents: set[int] = field(default_factory=set)
    had_pairing_bye: bool = False

    def colour_string(self, rounds: int) -> str:
        return "".join(self.colours.get(r, "-") for r in range(1, rounds + 1))


def event_history(event: Event, before_round: int | None = None) -> dict[int, PlayerHistory]:
    """Every registered player's score, colours, opponents and pairing-bye flag over rounds < ``before_round``."""
    histories = {
        reg.player_id: PlayerHistory(reg.player_id, reg.player.name, reg.player.rating, reg.seed)
        for reg in Registration.objects.filter(event=event).select_related("player")
    }
    games = Game.objects.filter(round__event=event)
    byes = Bye.objects.filter(round__event=event)
    if before_round is not None:
        games = games.filter(round__number__lt=before_round)
        byes = byes.filter(round__number__lt=before_round)
    for number, white, black, wp, bp, result, status, termination in games.values_list(
        "round__number", "white_id", "black_id", "white_points", "black_points", "result", "result_status", "termination"
    ):
        for player, opponent, colour, points in ((white, black, "w", wp), (black, white, "b", bp)):
            h = histories.get(player)
            if h is None:
                continue
            h.colours[number] = colour
            h.opponents.add(opponent)
            if status == Game.ResultStatus.FINAL:
                h.score += float(points or 0)
        if termination == FORFEIT and status == Game.ResultStatus.FINAL:
            winner = {"1-0": white, "0-1": black}.get(result)
            if winner in histories:  # a win by forfeit counts like a pairing bye: never a bye after it
                histories[winner].had_pairing_bye = True
    for player, kind, points in byes.values_list("player_id", "kind", "points"):
        h = histories.get(player)
        if h is None:
            continue
        h.score += float(points)
        if kind == Bye.Kind.PAIRING:
            h.had_pairing_bye = True
    return histories


def plays(reg: Registration, number: int) -> bool:
    """Whether the registration takes part in round ``number``: arrived (late entries) and not withdrawn before it."""
    if reg.joined_round > number:
        return False
    if reg.status == Registration.Status.WITHDRAWN:
        return reg.withdrawn_after_round is not None and reg.withdrawn_after_round >= number
    return True


def last_round(event: Event) -> Round | None:
    """The last round paired (a round not paired yet, with only its planned start, does not count)."""
    return Round.objects.filter(event=event).exclude(status=Round.Status.PENDING).order_by("-number").first()


def rounds_total(event: Event, competitors: int | None = None) -> int:
    """How many rounds the event has: planned for a Swiss or match, the schedule's length for a round-robin.
    ``competitors``: its players (a team event: its teams) where the caller has counted them already."""
    if event.system.rounds_fixed:
        return event.rounds_planned
    if competitors is None:  # issue 27: a team round-robin's schedule is the teams'
        competitors = event.teams.count() if event.competitor == "team" else Registration.objects.filter(event=event).count()
    return event.system.rounds_for(competitors, event.rounds_planned)
