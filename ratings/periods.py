"""The rated games of the record, as rating periods: one per complete round of a rated event.

A game counts when its event is marked rated, its result is final and it was played (a forfeit, an ending the
variant's engine calls ``unplayed``, is left out). Its outcome for the rating is who scored more under the event's
scoring profile: the side with more game points won, equal points are a draw (a 50-50 split of dynamic scoring
included). The list it counts for is the one its variant's engine names (``variants.registry.rating_key_of``).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from ratings.identity import identity_of
from tournaments.models import Game, Round
from variants.registry import ending_of, rating_key_of


@dataclass(frozen=True)
class RatedGame:
    key: str
    white: str  # identities
    black: str
    white_player: int  # the Player rows, for names and links
    black_player: int
    white_score: float  # 1, 0.5 or 0: who scored more


@dataclass
class Period:
    round_id: int
    at: datetime
    order: tuple
    games: list[RatedGame] = field(default_factory=list)

    @property
    def fingerprint(self) -> str:
        text = "\n".join(sorted(repr(game) for game in self.games))
        return hashlib.sha256(text.encode()).hexdigest()


def outcome(white_points: Decimal, black_points: Decimal) -> float:
    """White's score for the rating: who scored more won; equal points (any even split) are a draw."""
    if white_points > black_points:
        return 1.0
    return 0.0 if white_points < black_points else 0.5


def played(game: Game) -> bool:
    """Whether the game was played (not a forfeit) by its variant's own endings; an unknown ending counts."""
    try:
        return not ending_of(game.termination, game.variant).unplayed
    except KeyError:
        return bool(game.termination) or game.result in ("1-0", "0-1", "1/2-1/2")


def rated_game(game: Game) -> RatedGame | None:
    if game.white_points is None or game.black_points is None or not played(game):
        return None
    try:
        key = rating_key_of(game.variant, game.start_options)
    except KeyError:  # a variant no longer registered (or its engine broken) rates nothing
        return None
    white, black = identity_of(game.white), identity_of(game.black)
    if white == black:  # one person under two rows: no game against oneself
        return None
    return RatedGame(key, white, black, game.white_id, game.black_id, outcome(game.white_points, game.black_points))


def record_periods() -> list[Period]:
    """Every period of the record in the order they are applied: by when the round ended (its last game's finish;
    for a round without a finish time, its publication), then event and round number."""
    rounds = Round.objects.filter(event__rated=True, status=Round.Status.COMPLETE).select_related("event")
    periods = {r.pk: Period(r.pk, r.published_at or r.event.created_at, ()) for r in rounds}
    games = (
        Game.objects.filter(round_id__in=list(periods), result_status=Game.ResultStatus.FINAL)
        .select_related("white", "black")
        .order_by("round_id", "board")
    )
    for game in games:
        period = periods[game.round_id]
        if game.finished_at and game.finished_at > period.at:
            period.at = game.finished_at
        rated = rated_game(game)
        if rated is not None:
            period.games.append(rated)
    for r in rounds:
        periods[r.pk].order = (periods[r.pk].at, r.event_id, r.number)
    return sorted((p for p in periods.values() if p.games), key=lambda p: p.order)
