"""Glicko-2 gives the published figures of Glickman's worked example ("Example of the Glicko-2 system"): a player
rated 1500 (RD 200, volatility 0.06) beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300) in one
period, with tau 0.5: 1464.06, RD 151.52, volatility 0.05999. The paper rounds its intermediate values (mu' =
-0.2069 gives its 1464.06; unrounded it is 1464.0507), so the rating agrees to 0.01 and the rest to their printed
digits."""

from __future__ import annotations

import pytest

from scoring.glicko2 import Rating, Result, rate


def test_glickmans_worked_example():
    player = Rating(1500, 200, 0.06)
    results = [Result(Rating(1400, 30), 1), Result(Rating(1550, 100), 0), Result(Rating(1700, 300), 0)]
    after = rate(player, results, tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert round(after.rating, 1) == 1464.1
    assert after.rd == pytest.approx(151.52, abs=0.005)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_rd():
    after = rate(Rating(1500, 200, 0.06), [])
    assert after.rating == 1500 and after.volatility == 0.06
    assert after.rd == pytest.approx(200.2714, abs=0.001)


def test_provisional_above_the_threshold():
    assert Rating(1500, 350).provisional and not Rating(1500, 60).provisional
