import pytest
from django.core.exceptions import ValidationError

from tests.tournaments.helpers import make_event, play_round
from tournaments.models import Bye, Game, Registration, Round
from tournaments.services import pair_round, publish_round, register_player, request_bye, set_round_pairings, withdraw_player

pytestmark = pytest.mark.django_db


def test_pairing_before_the_previous_round_is_complete_names_the_round_and_boards_and_writes_nothing():
    event, organizer, _ = make_event(6)
    publish_round(pair_round(event, by=organizer))
    with pytest.raises(ValidationError, match=r"round 1 is not complete: board\(s\) 1, 2, 3"):
        pair_round(event, by=organizer)
    assert Round.objects.filter(event=event).count() == 1
    assert Game.objects.filter(round__event=event).count() == 3


def test_an_unpublished_round_must_be_published_before_the_next_is_paired():
    event, organizer, _ = make_event(4)
    pair_round(event, by=organizer)
    with pytest.raises(ValidationError, match="round 1 is paired but not published"):
        pair_round(event, 2, by=organizer)


def test_pairing_the_same_round_again_returns_it_unchanged():
    event, organizer, _ = make_event(6)
    first = pair_round(event, by=organizer)
    again = pair_round(event, 1, by=organizer)
    assert again.pk == first.pk
    assert Game.objects.filter(round__event=event).count() == 3


def test_a_second_requested_bye_is_refused_naming_the_player():
    event, organizer, players = make_event(6)
    request_bye(event, players[0], 2)
    with pytest.raises(ValidationError, match=f"{players[0].name} already requested a bye"):
        request_bye(event, players[0], 3)
    assert Registration.objects.get(event=event, player=players[0]).bye_requests.count() == 1


def test_a_requested_bye_keeps_the_player_out_of_the_round():
    event, organizer, players = make_event(5)
    request_bye(event, players[4], 1)
    rnd = pair_round(event, by=organizer)
    assert Bye.objects.get(round=rnd, player=players[4]).kind == Bye.Kind.REQUESTED
    assert rnd.games.count() == 2


def test_a_withdrawn_player_is_never_paired_and_cannot_be_put_on_a_board():
    event, organizer, players = make_event(6)
    rnd = publish_round(pair_round(event, by=organizer))
    play_round(rnd, by=organizer)
    withdraw_player(event, players[2], by=organizer)
    rnd2 = pair_round(event, by=organizer)
    paired = {pid for g in rnd2.games.all() for pid in (g.white_id, g.black_id)}
    assert players[2].pk not in paired
    boards = [(g.white_id, g.black_id) for g in rnd2.games.order_by("board")]
    boards[0] = (players[2].pk, boards[0][1])
    with pytest.raises(ValidationError, match=f"{players[2].name} has withdrawn"):
        set_round_pairings(rnd2, boards, by=organizer)


def test_a_duplicate_registration_is_refused_naming_the_player():
    event, organizer, players = make_event(3)
    with pytest.raises(ValidationError, match=f"{players[1].name} is already registered"):
        register_player(event, players[1])
    assert Registration.objects.filter(event=event).count() == 3


def test_a_late_entry_joins_a_swiss_with_the_next_round():
    from tournaments.models import Player

    event, organizer, _ = make_event(4)
    play_round(publish_round(pair_round(event, by=organizer)), by=organizer)
    late = Player.objects.create(name="Late Comer", rating=1500)
    reg = register_player(event, late)
    assert reg.joined_round == 2
    rnd2 = pair_round(event, by=organizer)
    assert (
        Bye.objects.filter(round=rnd2, player=late).exists()
        or rnd2.games.filter(white=late).exists()
        or rnd2.games.filter(black=late).exists()
    )
