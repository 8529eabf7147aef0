import pytest
from django.core.exceptions import ValidationError

from tests.tournaments.helpers import draw_fields, make_event, make_user, play_round
from tournaments.models import VariantBlock
from tournaments.services import enter_physical_roll, pair_round, publish_round, revealed_seed
from variants import fairroll
from variants.dice import layout

pytestmark = pytest.mark.django_db


def _play(event, by, rounds):
    for _ in range(rounds):
        play_round(publish_round(pair_round(event, by=by)), by=by)


def test_a_rolled_variant_holds_for_rounds_2k_minus_1_and_2k_and_games_start_from_its_array():
    event, organizer, _ = make_event(4, rounds=4)
    _play(event, organizer, 3)
    r1, r2, r3 = event.rounds.order_by("number")
    assert r1.variant_block == r2.variant_block != r3.variant_block
    block = r1.variant_block
    assert block.index == 1 and r3.variant_block.index == 2
    array = layout(block.first_roll)
    assert block.array == list(array.names)
    for game in r1.games.all():
        assert (game.variant, game.start_options, game.start_position) == ("rvc", {"roll": block.first_roll}, array.position)


def test_server_rolls_are_committed_before_the_block_and_verifiable_after():
    event, organizer, _ = make_event(4, rounds=4)
    committed = VariantBlock.objects.get(event=event, index=1)
    assert committed.commitment and not committed.rolled_at and revealed_seed(committed) == ""
    pair_round(event, by=organizer)
    block = VariantBlock.objects.get(event=event, index=1)
    seed = revealed_seed(block)
    assert fairroll.verify(seed, block.commitment, block.identity, block.first_roll, None, two_rolls=False)
    assert block.identity == fairroll.block_id(event.slug, 1)
    # The next block is committed (not rolled) as soon as this one is rolled.
    following = VariantBlock.objects.get(event=event, index=2)
    assert following.commitment and not following.rolled_at


def test_physical_dice_are_entered_by_an_arbiter_with_who_and_when():
    event, organizer, _ = make_event(4, rounds=2, **draw_fields("rvc-two-rolls"))
    arbiter = make_user("arb")
    block = enter_physical_roll(event, 1, "2-4-4", "1-3-5", by=arbiter)
    assert (block.method, block.rolled_by, block.first_roll, block.second_roll) == ("physical", arbiter, "2-4-4", "1-3-5")
    assert block.rolled_at is not None
    rnd = pair_round(event, by=organizer)
    assert rnd.variant_block == block
    with pytest.raises(ValidationError, match="already in play"):
        enter_physical_roll(event, 1, "1-1-1", None, by=arbiter)
    with pytest.raises(ValidationError, match="two rolls"):
        enter_physical_roll(event, 2, "1-2-3", None, by=arbiter)
