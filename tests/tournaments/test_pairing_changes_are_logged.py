import pytest
from django.core.exceptions import ValidationError

from tests.tournaments.helpers import make_event, make_user
from tournaments.models import PairingChange
from tournaments.services import enter_result, pair_round, publish_round, swap_colours

pytestmark = pytest.mark.django_db


def test_an_arbiters_change_before_publication_is_logged_with_who_and_when():
    event, organizer, _ = make_event(4)
    arbiter = make_user("arb")
    rnd = pair_round(event, by=organizer)
    game = rnd.games.get(board=1)
    white, black = game.white, game.black
    swapped = swap_colours(game, by=arbiter)
    assert (swapped.white, swapped.black) == (black, white)
    change = PairingChange.objects.filter(round=rnd, user=arbiter).get()
    assert f"{white.name} - {black.name} changed to {black.name} - {white.name}" in change.description
    assert change.at is not None


def test_a_published_board_cannot_be_changed_once_it_has_a_result():
    event, organizer, _ = make_event(4)
    rnd = publish_round(pair_round(event, by=organizer))
    game = rnd.games.get(board=1)
    enter_result(game, result="1-0", termination="resignation", by=organizer)
    with pytest.raises(ValidationError, match="has a move or a result"):
        swap_colours(game, by=organizer)
    with pytest.raises(ValidationError, match="has a move or a result"):
        swap_colours(rnd.games.get(board=1), by=organizer)
