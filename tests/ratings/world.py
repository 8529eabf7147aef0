"""Rated events for the ratings tests (not a test module): players, rounds of boards and their results recorded
the one way results become final (record_result), so the hook drives the rating lists as in production."""

from __future__ import annotations

from scoring import CLASSICAL
from tests.scoring import db
from tournaments.models import Event, Round
from tournaments.services.results import record_result
from variants.registry import fixed_keys

FIXED = fixed_keys()[0]  # the registry's first fixed variant: no key written here
RESULTS = {"1-0": "resignation", "0-1": "resignation", "1/2-1/2": "agreement"}


def rated_event(**fields) -> Event:
    fields.setdefault("scoring", CLASSICAL.key)
    fields.setdefault("rated", True)
    return db.event(variant_key=fields.pop("variant_key", FIXED), **fields)


def play_round(event: Event, number: int, boards: list[tuple], *, termination: str | None = None) -> Round:
    """Pair ``boards`` ((white, black, result), ...) in round ``number`` and record every result."""
    games = [db.game(event, white, black, number=number) for white, black, _ in boards]
    for game, (_, _, result) in zip(games, boards, strict=True):
        record_result(game, result=result, termination=termination or RESULTS[result])
    return Round.objects.get(event=event, number=number)


NAMES = ("Ann Archer", "Ben Brook", "Cleo Chen", "Dan Dorn")
# Three events, a round-robin of four each (three rounds): (white, black, result) by player index.
SEASON = [
    [[(0, 1, "1-0"), (2, 3, "1/2-1/2")], [(0, 2, "1-0"), (3, 1, "0-1")], [(0, 3, "1/2-1/2"), (1, 2, "1-0")]],
    [[(1, 0, "1-0"), (3, 2, "0-1")], [(2, 0, "1/2-1/2"), (1, 3, "1-0")], [(3, 0, "0-1"), (2, 1, "0-1")]],
    [[(2, 0, "1-0"), (1, 3, "1/2-1/2")], [(0, 1, "1-0"), (2, 3, "1-0")], [(0, 3, "1-0"), (1, 2, "0-1")]],
]


def season(organizer=None, federations: tuple[str, ...] = ("",) * 4, **fields) -> tuple[list[Event], list]:
    """Three closed, public, rated events of the same four players (one Player row each, registered in all)."""
    organizer = organizer or db.user()
    players = [db.player(name, rating=1500) for name in NAMES]
    for player, federation in zip(players, federations, strict=True):
        player.federation = federation
        player.save()
    events = []
    for number, rounds in enumerate(SEASON, start=1):
        event = rated_event(organizer=organizer, status=Event.Status.RUNNING, is_public=True, **fields)
        for seed, player in enumerate(players, start=1):
            event.registrations.create(player=player, seed=seed)
        for number_, boards in enumerate(rounds, start=1):
            play_round(event, number_, [(players[w], players[b], r) for w, b, r in boards])
        event.status, event.name = Event.Status.CLOSED, f"Monthly {number}"
        event.save(update_fields=["status", "name"])
        events.append(event)
    return events, players
