"""Bringing the rating lists up to date with the record: incremental, idempotent, and the same from scratch.

:func:`sync` compares the periods already applied (:class:`ratings.models.RatedPeriod`, each with a fingerprint of
its games) with the periods of the record (:func:`ratings.periods.record_periods`, in their order). The common
prefix stays; from the first difference on (a corrected result, an event marked rated later, a round that ended
before others already applied) the applied periods are rewound, each person's rating going back to their last
history entry before it, and the record's periods are applied again in order. So running it twice changes nothing,
and :func:`recompute` (everything rewound) gives exactly what the runs after each round gave.

Within a period every player is rated against the opponents' ratings as they stood before it (Glicko-2), one list
at a time. Only the players of a period are updated (a period is a round of one event, not a span of time).
"""

from __future__ import annotations

from collections import defaultdict

from django.db import transaction
from django.utils import timezone

from ratings.models import Ledger, RatedPeriod, Rating, RatingHistory
from ratings.periods import Period, record_periods
from scoring.glicko2 import Rating as Glicko
from scoring.glicko2 import Result, rate


def _lock() -> None:
    Ledger.objects.get_or_create(pk=1)
    Ledger.objects.select_for_update().get(pk=1)  # a second run waits here, then sees what the first wrote


def sync() -> int:
    """Apply what the record holds and the lists do not; returns the number of periods (re)applied."""
    with transaction.atomic():
        _lock()
        planned = record_periods()
        applied = list(RatedPeriod.objects.order_by("position"))
        same = 0
        while same < min(len(planned), len(applied)) and (applied[same].round_id, applied[same].fingerprint) == (
            planned[same].round_id,
            planned[same].fingerprint,
        ):
            same += 1
        if same < len(applied):
            _rewind(applied[same:])
        for position, period in enumerate(planned[same:], start=same):
            _apply(period, position)
        Ledger.objects.filter(pk=1).update(synced_at=timezone.now())
    return len(planned) - same


def recompute() -> int:
    """Forget every applied period and apply the record's from the start (``manage.py recompute_ratings``)."""
    with transaction.atomic():
        _lock()
        RatedPeriod.objects.all().delete()  # the history goes with its periods
        Rating.objects.all().delete()
        return sync()


def _rewind(periods: list[RatedPeriod]) -> None:
    """Undo ``periods`` (the last ones applied): each rating touched goes back to its last entry before them."""
    touched = set(RatingHistory.objects.filter(period__in=periods).values_list("identity", "key").distinct())
    RatedPeriod.objects.filter(pk__in=[p.pk for p in periods]).delete()
    for identity, key in touched:
        last = RatingHistory.objects.filter(identity=identity, key=key).select_related("period").last()
        if last is None:
            Rating.objects.filter(identity=identity, key=key).delete()
            continue
        Rating.objects.filter(identity=identity, key=key).update(
            rating=last.rating, rd=last.rd, volatility=last.volatility, games=last.games, player_id=last.player_id,
            last_played=last.period.at,
        )  # fmt: skip


def _apply(period: Period, position: int) -> None:
    row = RatedPeriod.objects.create(round_id=period.round_id, position=position, at=period.at, fingerprint=period.fingerprint)
    by_key: dict[str, list] = defaultdict(list)
    for game in period.games:
        by_key[game.key].append(game)
    for key, games in by_key.items():
        _apply_list(row, key, games)


def _apply_list(row: RatedPeriod, key: str, games: list) -> None:
    people = {g.white for g in games} | {g.black for g in games}
    stored = {r.identity: r for r in Rating.objects.filter(key=key, identity__in=people)}
    before = {who: Glicko(r.rating, r.rd, r.volatility) for who, r in stored.items()}
    results: dict[str, list[Result]] = defaultdict(list)
    player_of: dict[str, int] = {}
    for g in games:
        results[g.white].append(Result(before.get(g.black, Glicko()), g.white_score))
        results[g.black].append(Result(before.get(g.white, Glicko()), 1.0 - g.white_score))
        player_of[g.white], player_of[g.black] = g.white_player, g.black_player
    for who in sorted(results):
        after = rate(before.get(who, Glicko()), results[who])
        rating = stored.get(who) or Rating(identity=who, key=key, games=0)
        rating.rating, rating.rd, rating.volatility = after.rating, after.rd, after.volatility
        rating.games += len(results[who])
        rating.player_id, rating.last_played = player_of[who], row.at
        rating.save()
        RatingHistory.objects.create(
            period=row, identity=who, key=key, player_id=player_of[who], rating=after.rating, rd=after.rd,
            volatility=after.volatility, games=rating.games, played=len(results[who]),
            score=sum(r.score for r in results[who]),
        )  # fmt: skip
