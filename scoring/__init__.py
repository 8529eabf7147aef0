"""Scoring: profiles (dynamic game points of seed 002, classical 1-½-0), standings, tie-breaks and crosstables.

Pure Python, no Django: the games and tournaments apps turn database rows into the plain records of
:mod:`scoring.records` and call in here.
"""

from scoring.profiles import (
    CLASSICAL,
    DYNAMIC,
    PROFILES,
    ClassicalProfile,
    DynamicProfile,
    Profile,
    bye_points,
    game_points,
    get_profile,
    result_from_points,
)
from scoring.terminations import terminations_for_variant

__all__ = [
    "CLASSICAL",
    "DYNAMIC",
    "PROFILES",
    "ClassicalProfile",
    "DynamicProfile",
    "Profile",
    "bye_points",
    "game_points",
    "get_profile",
    "result_from_points",
    "terminations_for_variant",
]
