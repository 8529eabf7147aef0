"""An event's draw in the organizer API: ``variant_policy`` with its ``variant`` (a fixed policy names one, the dice
policies none or their own) or its ``pool``, as the server reads it (draw_columns) and as the schema says it
(draw_branches, the oneOf of the event's POST and PATCH bodies)."""

from __future__ import annotations

import re

from rest_framework import serializers

from tournaments.api_organizer.pool import POOL_SCHEMA, pool_columns
from variants import policies
from variants.registry import fixed_keys


def one_of_texts(texts) -> dict:
    """A string schema that is exactly one of ``texts``."""
    return {"type": "string", "pattern": "^(?:" + "|".join(re.escape(t) for t in texts) + ")$"}


def draw_branches() -> list[dict]:
    """validate() in the schema (config.api_schema): a fixed policy names its variant, the dice policies none (or
    their own), a pool its variants and no variant. Patterns, not enums: drf-spectacular would merge these partial
    choice sets into the fields' enums."""
    dice = [draw for draw in policies.draws() if draw.variant is not None]
    # A pool belongs to the pool policy alone (an empty one is nothing).
    no_pool = {"type": "array", "items": {"type": "string"}, "maxItems": 0}
    pool = {
        "properties": {
            "variant_policy": one_of_texts([policies.POOL_DRAW.name]),
            "variant": one_of_texts([""]),
            "pool": {**POOL_SCHEMA, "minItems": policies.POOL_MIN},
        },
        "required": ["pool"],
    }
    return [
        {"properties": {"variant_policy": one_of_texts([policies.FIXED_DRAW.name]),
                        "variant": one_of_texts(fixed_keys()), "pool": no_pool}, "required": ["variant"]},
        *({"properties": {"variant_policy": one_of_texts([draw.name]), "variant": one_of_texts(["", draw.variant]),
                          "pool": no_pool}} for draw in dice),
        pool,
    ]  # fmt: skip


def draw_columns(name: str, variant: str | None, pool: list[str] | None = None) -> dict:
    """The event's (policy, key, options) of the draw ``name`` with ``variant`` (and a pool's ``pool``); refused
    naming ``variant`` or ``pool``."""
    draw = policies.draw_named(name)
    variant = (variant or "").strip()
    if policies.draws_from_pool(draw.policy) or pool:
        return pool_columns(draw, variant, pool or [])
    if draw.variant is None:
        if variant not in fixed_keys():
            raise serializers.ValidationError({"variant": f"a fixed policy needs one of {', '.join(fixed_keys())}"})
    elif variant not in ("", draw.variant):
        raise serializers.ValidationError({"variant": f"under {draw.name} the dice choose: {draw.variant}"})
    return {"variant_policy": draw.policy, "variant_key": draw.variant or variant, "variant_options": dict(draw.options)}
