"""Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): one rating period of one player.

Pure arithmetic on plain numbers, no Django: the ratings app turns a round's finished games into
:class:`Result` s and calls :func:`rate` once per player and period, with every opponent's rating as it stood
before the period (the system updates all players of a period from the same starting point).
The numbers follow the paper's steps; its worked example is the test (tests/scoring/test_glicko2_worked_example.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178  # the Glicko-2 scale: rating = SCALE * mu + 1500
START_RATING = 1500.0
START_RD = 350.0
START_VOLATILITY = 0.06
TAU = 0.5  # the system constant: how fast volatility may change (the paper suggests 0.3 to 1.2)
EPSILON = 0.000001  # the convergence tolerance of step 5
MAX_RD = START_RD  # RD never grows past a new player's
PROVISIONAL_RD = 110.0  # above it a rating is provisional (shown with "?"), as lichess does


@dataclass(frozen=True)
class Rating:
    rating: float = START_RATING
    rd: float = START_RD
    volatility: float = START_VOLATILITY

    @property
    def provisional(self) -> bool:
        return self.rd > PROVISIONAL_RD


@dataclass(frozen=True)
class Result:
    """One game of the period: the opponent's rating before the period and the player's score (1, 0.5 or 0)."""

    opponent: Rating
    score: float


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the Illinois algorithm for the root of f (the paper's own iteration)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(player: Rating, results: list[Result], tau: float = TAU) -> Rating:
    """The player's rating after one period with ``results``; with none, only the RD grows (step 6 alone)."""
    mu = (player.rating - START_RATING) / SCALE
    phi = player.rd / SCALE
    if not results:
        grown = math.sqrt(phi * phi + player.volatility**2) * SCALE
        return Rating(player.rating, min(grown, MAX_RD), player.volatility)
    opponents = [((r.opponent.rating - START_RATING) / SCALE, r.opponent.rd / SCALE, r.score) for r in results]
    v_inverse = 0.0
    improvement = 0.0
    for mu_j, phi_j, score in opponents:
        g = _g(phi_j)
        expected = _expected(mu, mu_j, phi_j)
        v_inverse += g * g * expected * (1.0 - expected)
        improvement += g * (score - expected)
    v = 1.0 / v_inverse
    delta = v * improvement
    sigma = _new_volatility(player.volatility, phi, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * improvement
    return Rating(SCALE * new_mu + START_RATING, min(SCALE * new_phi, MAX_RD), sigma)
