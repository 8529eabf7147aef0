"""Seed 002: 4½ added for Black, a lead of 6 or more wins 51-49, anything less is 50-50; both are settings."""

from __future__ import annotations

import pytest

from scoring import game_points
from scoring.material import material_leader


def points(material, **settings):
    return game_points("dynamic", termination="agreement", winner=None, material=material, **settings)


@pytest.mark.parametrize(
    ("white", "black", "expected"),
    [
        (100.0, 89.5, (51, 49)),  # 100 - 94 = 6: exactly the threshold wins
        (100.0, 90.0, (50, 50)),  # 100 - 94.5 = 5.5
        (100.0, 95.5, (50, 50)),  # Black 100 after compensation: level
        (100.0, 101.5, (49, 51)),  # Black 106: ahead by 6
        (90.0, 90.0, (50, 50)),  # equal armies: Black's 4.5 is not enough
        (0.0, 2.0, (49, 51)),  # bare king against two walkers' worth: 6.5
    ],
)
def test_black_compensation_and_the_six_point_threshold(white, black, expected):
    assert points({"white": white, "black": black}) == expected


def test_compensation_and_threshold_are_profile_settings():
    material = {"white": 100.0, "black": 96.0}
    assert points(material) == (50, 50)
    assert points(material, black_compensation=0.0, material_threshold=4.0) == (51, 49)
    assert points(material, black_compensation=10.0) == (49, 51)


def test_material_is_required_for_a_material_decision():
    with pytest.raises(ValueError, match="material"):
        game_points("dynamic", termination="threefold-repetition", winner=None)


def test_material_with_a_missing_army_is_refused():
    with pytest.raises(ValueError, match="black"):
        material_leader({"white": 10.0}, black_compensation=4.5, threshold=6)


def test_an_unknown_setting_is_refused():
    with pytest.raises(ValueError, match="komi"):
        points({"white": 1.0, "black": 1.0}, komi=6.5)
