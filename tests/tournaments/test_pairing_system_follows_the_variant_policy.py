"""Which system pairs a Swiss event follows from its variant policy and whether its variant is rolled by dice
(docs/pairing.md): the services decide whether the event plays one variant, the pure pairing code takes that
answer as a plain boolean. Decided on unsaved events: no database."""

from __future__ import annotations

import pytest

from pairing.dutch import DUTCH, SEED_SCHEDULE
from tournaments.models import Event
from tournaments.services.pairing_system import pairing_system_for, plays_one_variant
from variants.registry import fixed_keys, rolled_key


@pytest.mark.parametrize(("policy", "options", "rolled", "system"), [
    (Event.VariantPolicy.DICE, {"rolls": 1}, True, SEED_SCHEDULE),
    (Event.VariantPolicy.DICE, {"rolls": 2}, True, SEED_SCHEDULE),
    (Event.VariantPolicy.FIXED, {}, True, SEED_SCHEDULE),  # one fixed Random Variant Chess array: still the seed's game
    (Event.VariantPolicy.FIXED, {}, False, DUTCH),  # plain chess or one fixed seed variant
])  # fmt: skip
def test_the_pairing_system_follows_the_variant_policy(policy, options, rolled, system):
    key = rolled_key() if rolled else fixed_keys()[0]
    event = Event(format=Event.Format.SWISS, variant_policy=policy, variant_key=key, variant_options=options)
    assert plays_one_variant(event) is (system == DUTCH)
    assert pairing_system_for(event) == system
