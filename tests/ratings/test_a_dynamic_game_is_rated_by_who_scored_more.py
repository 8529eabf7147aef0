"""Under dynamic scoring a game's outcome for the rating is who scored more: a stalemate shown as ½-½ on the board,
which gives the side that forced it 60 game points to 40, rates as that side's win; a 50-50 split is a draw."""

from __future__ import annotations

from decimal import Decimal

import pytest

from ratings.models import Rating, RatingHistory
from ratings.periods import outcome
from scoring import DYNAMIC
from tests.ratings.world import play_round, rated_event
from tests.scoring import db
from tournaments.models import Game
from tournaments.services.results import record_result

pytestmark = pytest.mark.django_db


def test_a_forced_stalemate_rates_as_a_win_for_the_side_that_forced_it():
    event = rated_event(scoring=DYNAMIC.key)
    white, black = db.player("Wanda", ev=event), db.player("Boris", ev=event)
    game = db.game(event, white, black, number=1)
    record_result(game, result="1/2-1/2", termination="stalemate", forcing_side="black")
    game = Game.objects.get(pk=game.pk)
    assert (game.white_points, game.black_points) == (Decimal("40.00"), Decimal("60.00"))

    # The same two newcomers in another rated event, Black winning outright: the same rating change.
    other = rated_event(scoring=DYNAMIC.key)
    white2, black2 = db.player("Walt", ev=other), db.player("Bea", ev=other)
    play_round(other, 1, [(white2, black2, "0-1")], termination="resignation")

    boris, bea = Rating.objects.get(player=black), Rating.objects.get(player=black2)
    wanda = Rating.objects.get(player=white)
    assert boris.rating > 1500 > wanda.rating
    assert boris.rating == pytest.approx(bea.rating)
    assert RatingHistory.objects.get(player=black).score == 1.0


def test_equal_points_are_a_draw_and_more_points_a_win():
    assert outcome(Decimal("50.00"), Decimal("50.00")) == 0.5
    assert outcome(Decimal("52.00"), Decimal("48.00")) == 1.0
    assert outcome(Decimal("40.00"), Decimal("60.00")) == 0.0


def test_a_forfeit_is_not_rated():
    event = rated_event()
    a, b = db.player("Ann", ev=event), db.player("Ben", ev=event)
    play_round(event, 1, [(a, b, "1-0")], termination="forfeit")
    assert not Rating.objects.exists()
