"""The registry answers what the apps used to keep tables for: the engines, a form's choices, the dice variant
and the fixed ones."""

from __future__ import annotations

from variants.base import Engine
from variants.registry import engines, fixed_keys, get_engine, rolled_key, variant_choices, variant_keys


def test_engines_are_the_registered_classes_in_order():
    assert [e.key for e in engines()] == variant_keys()
    assert all(issubclass(e, Engine) for e in engines())


def test_variant_choices_pair_each_key_with_its_name():
    choices = variant_choices()
    assert [key for key, _ in choices] == variant_keys()
    assert ("rvc", "Random Variant Chess") in choices
    assert ("parity-single", "Parity Chess with Single Occupation") in choices


def test_the_dice_variant_is_rvc():
    assert rolled_key() == "rvc"
    assert get_engine(rolled_key()).rolled


def test_fixed_keys_are_all_the_others():
    assert fixed_keys() == [key for key in variant_keys() if key != "rvc"]
