"""Variant blocks: commit a server roll before the block, roll at the start of its odd round, reveal after.

Block k covers rounds (in a match: games) 2k-1 and 2k. Physical dice are entered by an arbiter instead, with who
and when. The fixed policy has blocks too (method "fixed") so every round points at the variant it is played in.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from tournaments.models import Event, VariantBlock


def block_index(round_number: int) -> int:
    """The block k that holds round ``round_number`` (rounds 2k-1 and 2k)."""
    return (round_number + 1) // 2


def _fairroll():
    from variants import fairroll

    return fairroll


def two_rolls(event: Event) -> bool:
    return event.variant_policy == Event.VariantPolicy.RVC_TWO_ROLLS


def commit_block(event: Event, index: int, *, seed: str | None = None, identity: str = "") -> VariantBlock:
    """Create block ``index`` with a committed secret seed (idempotent: an existing block is returned as is).

    The dice derive from the seed and ``identity`` (default ``fairroll.block_id(slug, index)``); simulations pass
    their own so that a repeated run rolls the same dice under a new slug.
    """
    existing = VariantBlock.objects.filter(event=event, index=index).first()
    if existing:
        return existing
    if event.variant_policy == Event.VariantPolicy.FIXED:
        return _fixed_block(event, index)
    fairroll = _fairroll()
    secret = seed or fairroll.new_seed()
    return VariantBlock.objects.create(
        event=event,
        index=index,
        method=VariantBlock.Method.SERVER,
        commitment=fairroll.commitment(secret),
        seed=secret,
        identity=identity or fairroll.block_id(event.slug, index),
        committed_at=timezone.now(),
    )


def _fixed_block(event: Event, index: int) -> VariantBlock:
    from variants.registry import get_engine

    try:
        position = get_engine(event.variant_key).new().position()
    except (KeyError, ImportError) as exc:
        raise ValidationError({"variant_key": f"no engine for variant {event.variant_key!r}: {exc}"}) from None
    return VariantBlock.objects.create(
        event=event, index=index, method=VariantBlock.Method.FIXED, start_position=position, rolled_at=timezone.now()
    )


def _apply_layout(block: VariantBlock, first: str, second: str | None) -> None:
    from variants.dice import layout

    try:
        array = layout(first, second)
    except ValueError as exc:
        raise ValidationError({"first_roll": str(exc)}) from None
    block.first_roll = array.first
    block.second_roll = array.second or ""
    block.array = list(array.names)
    block.castling = "" if array.castling is None else str(array.castling)
    block.start_position = array.position


def roll_block(block: VariantBlock) -> VariantBlock:
    """Roll a committed server block from its seed (idempotent: a rolled block is left alone)."""
    if block.rolled_at:
        return block
    fairroll = _fairroll()
    identity = block.identity or fairroll.block_id(block.event.slug, block.index)
    first, second = fairroll.derive_rolls(block.seed, identity, two_rolls(block.event))
    block.identity = identity
    _apply_layout(block, first, second)
    block.rolled_at = timezone.now()
    block.save()
    return block


@transaction.atomic
def enter_physical_roll(event: Event, index: int, first: str, second: str | None = None, *, by=None) -> VariantBlock:
    """An arbiter enters the dice thrown at the board for block ``index`` (before its first round is paired)."""
    if event.variant_policy == Event.VariantPolicy.FIXED:
        raise ValidationError({"first_roll": f"{event} plays a fixed variant: there are no dice to enter"})
    if two_rolls(event) != bool(second):
        from variants.dice import parse_roll, roll_kind

        three_alike = False
        try:
            three_alike = roll_kind(parse_roll(first)) == "three-alike"
        except ValueError as exc:
            raise ValidationError({"first_roll": str(exc)}) from None
        if not (two_rolls(event) and three_alike):
            need = "two rolls" if two_rolls(event) else "one roll"
            raise ValidationError({"second_roll": f"{event} uses {need}"})
    block = VariantBlock.objects.select_for_update().filter(event=event, index=index).first()
    if block and block.rounds.exists():
        raise ValidationError({"first_roll": f"block {index} is already in play; its dice cannot change"})
    block = block or VariantBlock(event=event, index=index)
    block.method = VariantBlock.Method.PHYSICAL
    block.commitment = ""
    block.seed = ""
    _apply_layout(block, first, second or None)
    block.rolled_by = by
    block.rolled_at = timezone.now()
    block.save()
    return block


def block_for_round(event: Event, round_number: int, total_rounds: int | None = None) -> VariantBlock:
    """The rolled block of ``round_number``: committed (if not yet) and rolled now, at the start of its odd round."""
    block = commit_block(event, block_index(round_number))
    if block.method == VariantBlock.Method.SERVER:
        roll_block(block)
        # Commit the next block ahead of time, so its commitment is public before it starts.
        if 2 * block.index < (total_rounds or event.rounds_planned):
            commit_block(event, block.index + 1)
    return block


def revealed_seed(block: VariantBlock) -> str:
    """The seed once rolled (public), else empty: pages and APIs show this, never ``block.seed`` directly."""
    return block.seed if block.rolled_at else ""
