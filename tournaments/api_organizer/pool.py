"""The organizer API's variant pool (issue 29): ``variant_policy: "pool"`` with ``pool: [variant keys]``, each block
of two rounds drawing one of them with the dice's commit-reveal (variants.policies, variants.fairroll)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from variants import policies
from variants.registry import variant_keys

POOL_SCHEMA = {"type": "array", "items": {"type": "string", "enum": variant_keys()}, "uniqueItems": True}


@extend_schema_field({**POOL_SCHEMA, "maxItems": len(variant_keys())})
class PoolField(serializers.ListField):
    """A variant pool: the keys of the registered variants each block may draw one of (variants.policies.POOL).
    A key that names no variant is refused naming ``pool`` (not the item's index)."""

    def __init__(self, **kwargs: object) -> None:
        text = "With variant_policy pool: the variant keys each block of two rounds draws one of "
        kwargs.setdefault("help_text", text + f"(at least {policies.POOL_MIN}, each once; a rolled one starts from its dice).")
        super().__init__(child=serializers.CharField(max_length=16), max_length=len(variant_keys()), **kwargs)

    def to_internal_value(self, data):
        if isinstance(data, list):
            unknown = [key for key in data if not isinstance(key, str) or key not in variant_keys()]
            if unknown:
                raise serializers.ValidationError(f"no variant {unknown[0]!r}; choose among {', '.join(variant_keys())}")
        return super().to_internal_value(data)


def pool_columns(draw: policies.Draw, variant: str, pool: list[str]) -> dict:
    """The columns of a pool (the policy, no variant of its own, the pool as its option); a pool given to another
    policy, a variant named beside one, or a pool that is not one is refused naming the field."""
    if not policies.draws_from_pool(draw.policy):
        raise serializers.ValidationError({"pool": f"only the {policies.POOL_DRAW.name} policy takes a pool"})
    if variant:
        raise serializers.ValidationError({"variant": "a pool draws each block's variant: leave variant empty"})
    options = {policies.POOL_OPTION: list(pool)}
    wrong = policies.pool_problems("", options)
    if wrong:
        raise serializers.ValidationError({"pool": next(iter(wrong.values()))})
    return {"variant_policy": draw.policy, "variant_key": "", "variant_options": options}
