"""The rating tie-breaks of C.07: ARO (§10.1), TPR (§10.2), PTP (§10.3), APRO (§11.1), APPO (§11.2), with the cut
and median of ARO (§14).

Only games over the board count (a forfeited game has no rating, §10); a cut removes the lowest-rated opponent,
a median the lowest and the highest, and only when every opponent met has a rating. The result of a game is its
share of the game's points (1, ½, 0 in classical scoring). Averages are rounded to the nearest whole number, .5 up.
Without a rating for every player (the event's regulations must give one to the unrated) FIDE's reference leaves
every rating tie-break empty (None), and so do we.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from scoring.fide_tables import DP_TABLE, expected_hundredths
from scoring.tiebreak_codes import Tiebreak
from scoring.tiebreaks import Field, all_rated, over_the_board, rating_of


def _half_up(value: float) -> int:
    return int(Decimal(repr(value)).quantize(Decimal("1"), rounding=ROUND_HALF_UP))


def opponents(f: Field, pid: int, low: int = 0, high: int = 0) -> list[tuple[int, float]]:
    """(opponent's rating, share of the game's points won) per game over the board against a rated opponent,
    the ``low`` lowest-rated and ``high`` highest-rated opponents cut when every opponent met is rated."""
    games = [(r, e) for r, e in f.entries(pid) if over_the_board(e) and e.opponent is not None]
    rated = []
    for _, e in games:
        rating = rating_of(f.lines[e.opponent].info)
        if rating is not None:
            rated.append((rating, e.points / f.win))
    low = min(low, f.rounds)
    high = min(high, f.rounds - low)
    counted = len(games)
    for _ in range(low):
        if counted == len(rated) and rated:
            rated = sorted(rated, key=lambda g: g[0])[1:]
        counted -= 1
    for _ in range(high):
        if counted == len(rated) and rated:
            rated = sorted(rated, key=lambda g: g[0])[:-1]
        counted -= 1
    return rated


def average_rating(ratings: list[int]) -> int | None:
    """§10.1 ARO: the average rating of the opponents, rounded to the nearest whole number (.5 up)."""
    return _half_up(sum(ratings) / len(ratings)) if ratings else None


def performance(games: list[tuple[int, float]]) -> int | None:
    """§10.2 TPR: ARO plus the dp of B.02 §8.1.1 for the fractional score, the score rounded to hundredths."""
    if not games:
        return None
    hundredths = round(sum(share for _, share in games) * 100)
    return average_rating([r for r, _ in games]) + DP_TABLE[_half_up(hundredths / len(games))]


def perfect_performance(games: list[tuple[int, float]]) -> int | None:
    """§10.3 PTP: the lowest rating whose expected score (B.02 §8.1.2, no 400-point cap) against these opponents
    reaches the score made; a score of 0 is the lowest opponent's rating minus 800."""
    if not games:
        return None
    ratings = [r for r, _ in games]
    target = round(sum(share for _, share in games) * 100)  # in hundredths, as the table's expected scores
    if target == 0:
        return min(ratings) - 800
    if target > 100 * len(ratings):
        return max(ratings) + 800
    low, high = min(ratings) - 801, max(ratings) + 801  # expected(low) is 0, expected(high) is every game won

    def reached(rating: int) -> bool:
        return sum(expected_hundredths(rating, r) for r in ratings) >= target

    while high - low > 1:
        middle = (low + high) // 2
        if reached(middle):
            high = middle
        else:
            low = middle
    return high


def average_rating_of_opponents(f: Field, pid: int, spec: Tiebreak) -> float | None:
    """ARO (§10.1) with its cut or median."""
    return _rated(f, average_rating([r for r, _ in opponents(f, pid, spec.low, spec.high)]))


def performance_rating(f: Field, pid: int, spec: Tiebreak) -> float | None:
    """TPR (§10.2)."""
    return _rated(f, performance(opponents(f, pid)))


def perfect_performance_rating(f: Field, pid: int, spec: Tiebreak) -> float | None:
    """PTP (§10.3)."""
    return _rated(f, perfect_performance(opponents(f, pid)))


def average_performance_of_opponents(f: Field, pid: int, spec: Tiebreak) -> float | None:
    """APRO (§11.1): the average of the opponents' TPR."""
    return _average_of_opponents(f, pid, "TPR", performance_rating) if all_rated(f) else None


def average_perfect_performance_of_opponents(f: Field, pid: int, spec: Tiebreak) -> float | None:
    """APPO (§11.2): the average of the opponents' PTP."""
    return _average_of_opponents(f, pid, "PTP", perfect_performance_rating) if all_rated(f) else None


def _rated(f: Field, value: int | None) -> float | None:
    """No rating tie-break for anyone unless every player has a rating (the module's docstring)."""
    return None if value is None or not all_rated(f) else float(value)


def _average_of_opponents(f: Field, pid: int, base: str, value) -> float | None:
    """§11: the average of the opponents' TPR (APRO) or PTP (APPO), over the games played, rounded .5 up."""
    values = f.cache.get(base)
    if values is None:
        spec = Tiebreak(base, base)
        values = f.cache[base] = {p: value(f, p, spec) for p in f.lines}
    met = [values[e.opponent] for _, e in f.entries(pid) if over_the_board(e) and e.opponent is not None]
    met = [v for v in met if v is not None]
    if not met:
        return None
    return float(_half_up(sum(met) / len(met)))
