"""Scoring: the registered profiles (dynamic game points of seed 002, classical 1-½-0), standings, tie-breaks and
crosstables.

Pure Python, no Django: the games and tournaments apps turn database rows into the plain records of
:mod:`scoring.records` and call in here. A profile is one registered object (:mod:`scoring.registry`); an ending's
nature comes from the engine of the game's variant (:mod:`scoring.terminations`).
"""

# The C.07 tie-breaks first: a code is read against the registered tie-breaks (scoring.tiebreak_registry).
from scoring import tiebreak_catalogue  # noqa: F401  (registers them)
from scoring.points import bye_points, game_points, result_from_points
from scoring.profiles import CLASSICAL, DYNAMIC, ClassicalProfile, DynamicProfile, Profile
from scoring.registry import (
    DEFAULT_KEY,
    PROFILES,
    get_profile,
    profile_choices,
    profile_keys,
    register_profile,
    unregister_profile,
)
from scoring.terminations import ending_for, terminations_for_variant

__all__ = [
    "CLASSICAL",
    "DEFAULT_KEY",
    "DYNAMIC",
    "PROFILES",
    "ClassicalProfile",
    "DynamicProfile",
    "Profile",
    "bye_points",
    "ending_for",
    "game_points",
    "get_profile",
    "profile_choices",
    "profile_keys",
    "register_profile",
    "result_from_points",
    "terminations_for_variant",
    "unregister_profile",
]
