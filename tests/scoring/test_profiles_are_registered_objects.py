"""A scoring profile is one registered object: its key, its name, the points of each ending and what the pages and
the TRF export say about it. Registering one (3-1-0 here) is all a new profile takes."""

from __future__ import annotations

import pytest

from scoring import (
    CLASSICAL,
    DYNAMIC,
    Profile,
    bye_points,
    game_points,
    get_profile,
    profile_choices,
    profile_keys,
    register_profile,
    unregister_profile,
)
from variants import terminations as t
from variants.terminations import Favours, decisive, undecided

W3_D1 = Profile(key="w3-d1", name="w3-d1", win=3, draw=1, loss=0, pab=3, requested_bye=1)


@pytest.fixture
def w3_d1():
    register_profile(W3_D1)
    yield W3_D1
    unregister_profile(W3_D1.key)


def test_the_seed_profiles_are_registered_with_their_names():
    assert profile_choices()[:2] == [("dynamic", "Dynamic (game points, seed 002)"), ("classical", "Classical (1, ½, 0)")]
    assert get_profile("dynamic") is DYNAMIC and get_profile("classical") is CLASSICAL


def test_a_registered_profile_is_chosen_scored_and_forgotten(w3_d1):
    assert ("w3-d1", "w3-d1") in profile_choices() and "w3-d1" in profile_keys()
    assert game_points("w3-d1", termination=t.CHECKMATE, winner="black") == (0, 3)
    assert game_points("w3-d1", termination=t.AGREEMENT, winner=None) == (1, 1)
    assert game_points("w3-d1", termination=t.ADJUDICATION, winner="white") == (3, 0)
    assert game_points("w3-d1", termination=t.FORFEIT, winner=None) == (0, 0)
    assert game_points("w3-d1", termination=t.STALEMATE, winner=None, forcing_side="white", variant="parity") == (3, 0)
    assert bye_points("w3-d1", "pairing") == 3 and bye_points("w3-d1", "requested") == 1
    assert get_profile("w3-d1").game_total == 3
    unregister_profile("w3-d1")
    assert "w3-d1" not in profile_keys()
    with pytest.raises(ValueError, match="w3-d1"):
        get_profile("w3-d1")


def test_a_clashing_or_malformed_registration_is_refused(w3_d1):
    register_profile(W3_D1)  # the same profile again changes nothing
    with pytest.raises(ValueError, match="already registered"):
        register_profile(Profile(key="dynamic", name="Other", win=2, draw=1, loss=0, pab=2, requested_bye=1))
    for key in ("Upper", "thirteen-char", "", "-x", "a b"):
        with pytest.raises(ValueError, match="profile key"):
            register_profile(Profile(key=key, name=key, win=1, draw=0.5, loss=0, pab=1, requested_bye=0.5))
    with pytest.raises(ValueError, match="not a scoring Profile"):
        register_profile("classical")  # type: ignore[arg-type]


def test_settings_replace_defaults_but_not_the_key():
    assert get_profile("dynamic", black_compensation=3.5).black_compensation == 3.5
    with pytest.raises(ValueError, match="key"):
        get_profile("dynamic", key="classical")


def test_what_each_profile_answers_the_apps():
    agreement, stalemate = t.AGREEMENT_ENDING, t.STALEMATE_ENDING
    assert DYNAMIC.needs_material(agreement) and not CLASSICAL.needs_material(agreement)
    assert DYNAMIC.side_needed(stalemate) == "forcing_side" and CLASSICAL.side_needed(stalemate) is None
    assert DYNAMIC.side_needed(t.PERPETUAL_CHECK_ENDING) == "checking_side"
    assert DYNAMIC.side_needed(decisive(t.STALEMATE, "stalemate")) is None  # Parity's: the winner says it
    assert (DYNAMIC.shows_game_points, DYNAMIC.fide_rated, DYNAMIC.trf_exact) == (True, False, False)
    assert (CLASSICAL.shows_game_points, CLASSICAL.fide_rated, CLASSICAL.trf_exact) == (False, True, True)
    assert (W3_D1.shows_game_points, W3_D1.fide_rated, W3_D1.trf_exact) == (False,) * 3
    assert DYNAMIC.points_name == "dynamic game points (seed 002)"


def test_a_profile_grades_an_ending_by_what_it_says_not_by_its_name():
    hill = decisive("reached-the-hill", "reached the hill")
    assert game_points("dynamic", termination=hill, winner="white") == (100, 0)
    assert game_points("classical", termination=hill, winner="black") == (0, 1)
    bare = undecided("bare-king", "bare king", Favours.MATERIAL)
    assert game_points("dynamic", termination=bare, winner=None, material={"white": 40.0, "black": 10.0}) == (51, 49)
    assert game_points("classical", termination=bare, winner=None) == (0.5, 0.5)
    forced = undecided("smothered-draw", "smothered draw", Favours.FORCING)
    assert game_points("dynamic", termination=forced, winner=None, forcing_side="black") == (40, 60)
    dead = undecided("dead", "dead", Favours.NOBODY)
    assert game_points("dynamic", termination=dead, winner=None) == (50, 50)


def test_an_unknown_ending_or_one_the_variant_lacks_is_a_value_error():
    with pytest.raises(ValueError, match="bogus"):
        game_points("dynamic", termination="bogus", winner=None)
    with pytest.raises(ValueError, match="far-rank"):
        game_points("dynamic", termination=t.FAR_RANK, winner="white", variant="chess")
