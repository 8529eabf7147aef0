"""An event's policy names no variant: the draws people pick come from the engines (variants.policies)."""

from __future__ import annotations

import pytest

from variants import policies
from variants.draw import Draw
from variants.registry import fixed_keys, get_engine, register, rolled_key, unregister, variant_keys
from variants.rvc import RandomVariantEngine


def test_the_draws_are_the_rolled_engines_own_then_the_fixed_policy_and_the_pool():
    found = [(d.name, d.short, d.policy, d.variant, d.options) for d in policies.draws()]
    assert found == [
        ("rvc-one-roll", "rvc1", policies.DICE, rolled_key(), {"rolls": 1}),
        ("rvc-two-rolls", "rvc2", policies.DICE, rolled_key(), {"rolls": 2}),
        ("fixed", "fixed", policies.FIXED, None, {}),
        ("pool", "pool", policies.POOL, None, {}),
    ]


@pytest.mark.parametrize(
    ("options", "wrong"),
    [
        ({"pool": ["chess", "reach", "rvc"]}, {}),
        ({"pool": ["chess"]}, {"pool": "a pool holds at least 2 variants"}),
        ({"pool": ["chess", "chess"]}, {"pool": "each variant is in the pool once"}),
        (
            {"pool": ["chess", "nope"]},
            {"pool": f"no variant 'nope'; choose among {', '.join(variant_keys())}"},
        ),
        ({"pool": "chess"}, {"pool": "a pool is a list of variant keys"}),
        ({"pool": ["chess", "reach"], "rolls": 2}, {"variant_options": "a pool takes only the option 'pool'"}),
    ],
)
def test_a_pool_is_two_or_more_registered_variants_each_once(options, wrong):
    assert policies.problems(policies.POOL, "", options) == wrong
    assert list(policies.problems(policies.POOL, "chess", {"pool": ["chess", "reach"]})) == ["variant_key"]
    if not wrong:
        assert policies.draw_of(policies.POOL, "", options).label == (
            "Drawn from a pool for every two rounds: Chess, Reach Chess, Random Variant Chess"
        )


@pytest.mark.parametrize("draw", policies.draws(), ids=lambda d: d.name)
def test_a_draw_is_found_by_either_name_and_from_the_columns_it_stores(draw):
    assert policies.draw_named(draw.name) == policies.draw_named(draw.short) == draw
    assert policies.draw_of(draw.policy, draw.variant or fixed_keys()[0], draw.options) == draw


def test_one_roll_is_the_default_of_a_dice_draw():
    assert policies.draw_of(policies.DICE, rolled_key(), {}).name == "rvc-one-roll"
    assert (policies.rolls_of({}), policies.rolls_of({"rolls": 2})) == (1, 2)


def test_an_unknown_draw_name_is_refused_naming_the_known_ones():
    with pytest.raises(KeyError, match="rvc-one-roll, rvc-two-rolls, fixed, pool"):
        policies.draw_named("rvc3")


@pytest.mark.parametrize(
    ("policy", "variant", "options", "field"),
    [
        (policies.FIXED, rolled_key(), {}, "variant_key"),  # a rolled variant is played from its dice
        (policies.DICE, "chess", {"rolls": 1}, "variant_key"),  # chess has no dice
        (policies.DICE, rolled_key(), {"rolls": 3}, "variant_options"),
        (policies.FIXED, "chess", {"rolls": 1}, "variant_options"),
        ("rvc1", rolled_key(), {}, "variant_policy"),  # the old stored name is no policy
        (policies.FIXED, "no-such-variant", {}, "variant_key"),
    ],
)
def test_what_makes_no_draw_is_named_by_its_field(policy, variant, options, field):
    assert list(policies.problems(policy, variant, options)) == [field]


def test_what_makes_a_draw_has_no_problem():
    for draw in policies.draws():
        if draw.policy == policies.POOL:  # a pool names no variant of its own: its options hold the variants
            assert policies.problems(draw.policy, "", {"pool": ["chess", "reach"]}) == {}
            continue
        assert policies.problems(draw.policy, draw.variant or "chess", draw.options) == {}


class ThreeDice(RandomVariantEngine):
    key = "three-dice-test"
    name = "Three Dice Test"
    dice_draws = (Draw("three-dice", "Three Dice Test, one roll", short="td1", options={"rolls": 1}),)


def test_a_new_rolled_engine_brings_its_own_draw():
    register(ThreeDice.key, ThreeDice)
    try:
        named = policies.draw_named("td1")
        assert (named.name, named.variant, named.policy) == ("three-dice", ThreeDice.key, policies.DICE)
        assert get_engine(ThreeDice.key).start_rolls({"roll": "1-2-3"}) == ("1-2-3", "")
    finally:
        unregister(ThreeDice.key)
