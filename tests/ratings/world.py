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
    return db.event(variant_key=fields.pop("variant_key", FIXED), rated=True, **fields)


def play_round(event: Event, number: int, boards: list[tuple], *, termination: str | None = None) -> Round:
    """Pair ``boards`` ((white, black, result), ...) in round ``number`` and record every result."""
    games = [db.game(event, white, black, number=number) for white, black, _ in boards]
    for game, (_, _, result) in zip(games, boards, strict=True):
        record_result(game, result=result, termination=termination or RESULTS[result])
    return Round.objects.get(event=event, number=number)
