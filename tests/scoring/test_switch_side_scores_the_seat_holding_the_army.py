"""Switch-Side Chain-Chess: the army decides the value (White's first-move bonus), the seat holding it scores."""

from __future__ import annotations

import pytest

from scoring import game_points

SWITCHED = {"white": "black", "black": "white"}  # the seats hold the other armies at the end


def test_perpetual_by_the_white_army_pays_white_values_to_the_seat_holding_it():
    pts = game_points("dynamic", termination="perpetual-check", winner="black", checking_side="white", controllers=SWITCHED)
    assert pts == (48, 52)


def test_perpetual_by_the_black_army_pays_black_values_to_the_seat_holding_it():
    pts = game_points("dynamic", termination="perpetual-check", winner="white", checking_side="black", controllers=SWITCHED)
    assert pts == (55, 45)


def test_black_compensation_goes_to_the_black_army_whoever_holds_it():
    # Black army 96 + 4.5 = 100.5 against the White army 94: the Black army leads by 6.5; the White seat holds it.
    material = {"white": 94.0, "black": 96.0}
    assert game_points("dynamic", termination="agreement", winner=None, material=material, controllers=SWITCHED) == (51, 49)


def test_the_winner_alone_names_the_checking_army():
    pts = game_points("dynamic", termination="perpetual-check", winner="white", controllers=SWITCHED)
    assert pts == (55, 45)  # the White seat holds the Black army


@pytest.mark.parametrize("termination", ["perpetual-check", "stalemate"])
def test_a_side_contradicting_the_winner_is_refused(termination):
    side = "checking_side" if termination == "perpetual-check" else "forcing_side"
    with pytest.raises(ValueError, match="does not match the winner"):
        game_points("dynamic", termination=termination, winner="black", **{side: "white"})


@pytest.mark.parametrize("termination", ["perpetual-check", "stalemate"])
def test_dynamic_perpetual_and_stalemate_need_a_side(termination):
    with pytest.raises(ValueError, match="needs"):
        game_points("dynamic", termination=termination, winner=None)


@pytest.mark.parametrize("termination", ["checkmate", "resignation", "far-rank", "king-capture", "time-forfeit"])
def test_a_decisive_ending_needs_a_winner(termination):
    with pytest.raises(ValueError, match="needs a winner"):
        game_points("classical", termination=termination, winner=None)


def test_unknown_terminations_profiles_and_sides_are_refused():
    with pytest.raises(ValueError, match="unknown termination"):
        game_points("dynamic", termination="asteroid", winner=None)
    with pytest.raises(ValueError, match="unknown scoring profile"):
        game_points("bonus", termination="checkmate", winner="white")
    with pytest.raises(ValueError, match="winner"):
        game_points("dynamic", termination="checkmate", winner="1-0")
