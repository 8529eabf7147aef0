"""Which endings each variant can have: what the report API accepts."""

from __future__ import annotations

import pytest

from scoring import terminations_for_variant
from variants.registry import variant_keys


def test_every_registered_variant_has_a_list():
    for key in variant_keys():
        assert terminations_for_variant(key)


@pytest.mark.parametrize(
    ("variant", "impossible"),
    [
        ("rvc", "far-rank"),  # only Reach wins on the far rank
        ("chess", "king-capture"),  # only Parity captures kings
        ("reach", "checkmate"),  # a mated side passes: "no legal move means pass"
        ("reach", "stalemate"),
        ("reach", "time-forfeit-lone-king"),  # a lone king can still reach the far rank
        ("twilight", "double-stalemate"),
        ("sscc", "simultaneous-checkmate"),
    ],
)
def test_endings_foreign_to_a_variant_are_not_possible(variant, impossible):
    assert impossible not in terminations_for_variant(variant)


def test_off_the_board_endings_exist_everywhere():
    for key in variant_keys():
        assert {"resignation", "time-forfeit", "forfeit", "agreement", "adjudication"} <= terminations_for_variant(key)


def test_an_unknown_variant_is_a_key_error():
    with pytest.raises(KeyError, match="shogi"):
        terminations_for_variant("shogi")
