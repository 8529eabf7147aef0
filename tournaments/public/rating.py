"""Ratings on the public pages: the tournament performance rating (TPR) and the FIDE rating change of a game.

Pure Python over plain numbers and :class:`scoring.records.PlayerLine`; the readings (which games count, the
game-point equivalent of dynamic scoring, the K factor) are in docs/rules/performance-rating.md.

* TPR, FIDE C.07 §10.1-10.2: the average rating of the opponents met over the board (ARO, rounded, .5 up) plus
  the rating difference ``dp`` the FIDE Rating Regulations (B.02 §8.1.1) give for the fractional score ``p``.
* Rating change, B.02 §8.3: K x (W - We) per game, ``We`` from the table of B.02 §8.1.2 with a difference of more
  than 400 points counted as 400.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from decimal import ROUND_HALF_UP, Decimal

from scoring.fide_tables import DP_TABLE, PD_BANDS
from scoring.records import PLAYED, PlayerLine

RATING_CAP = 400  # B.02 §8.3.3: a difference of more than 400 points counts as 400
K_HIGH_RATING = 2400  # B.02 §8.3.3: K = 10 at 2400 and above, otherwise 20 (see the docs for the cases we cannot know)


def _half_up(value: float | Decimal, places: str = "1") -> Decimal:
    return Decimal(str(value)).quantize(Decimal(places), rounding=ROUND_HALF_UP)


def dp(p: float) -> int:
    """The rating difference for the fractional score ``p`` (0 to 1), ``p`` rounded to hundredths (.005 up)."""
    if not 0 <= p <= 1:
        raise ValueError(f"a fractional score is between 0 and 1, not {p}")
    return DP_TABLE[int(_half_up(p * 100))]


def expected_score(own: int, opponent: int) -> float:
    """``We``: the expected score of a player rated ``own`` against ``opponent`` (400-point cap applied)."""
    difference = min(abs(own - opponent), RATING_CAP)
    band = bisect_left(PD_BANDS, difference)
    higher = 1.0 if band == len(PD_BANDS) else 0.50 + band / 100
    return round(higher if own >= opponent else 1 - higher, 2)


def k_factor(rating: int) -> int:
    return 10 if rating >= K_HIGH_RATING else 20


def rating_change(own: int, opponent: int, score: float) -> float | None:
    """K x (score - We) for one game (``score`` 1, ½ or 0); None when either player is unrated (rating 0)."""
    if not own or not opponent:
        return None
    return round(k_factor(own) * (score - expected_score(own, opponent)), 1)


def performance(games: Iterable[tuple[int, float]]) -> int | None:
    """TPR of (opponent rating, fraction of the game's points won) per game over the board; unrated opponents
    (rating 0) are left out. None without a game against a rated opponent."""
    rated = [(rating, share) for rating, share in games if rating]
    if not rated:
        return None
    aro = int(_half_up(sum(rating for rating, _ in rated) / len(rated)))
    p = sum(share for _, share in rated) / len(rated)
    return aro + dp(p)


def line_performance(line: PlayerLine, ratings: dict[int, int], game_total: float) -> int | None:
    """The TPR of one player's line: games over the board with a final result (forfeits, byes and pending
    games excluded), each scored as the share of the game's points won (1, ½, 0 under classical scoring)."""
    games = [
        (ratings.get(entry.opponent, 0), entry.points / game_total)
        for entry in line.rounds.values()
        if entry.kind == PLAYED and entry.opponent is not None
    ]
    return performance(games)
