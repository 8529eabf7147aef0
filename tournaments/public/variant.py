"""The variant in force in an event, as the public may know it: its engine's name and start, the block's dice,
the commitment, and the seed only once the roll it decided is made (commit-reveal)."""

from __future__ import annotations

from tournaments.models import Event, Round, VariantBlock
from tournaments.public.queries import latest_round_with_a_block
from tournaments.services.dice import draws_blocks, revealed_seed
from tournaments.services.history import rounds_total
from variants.base import InvalidPositionError
from variants.registry import get_engine


def is_fixed(event: Event) -> bool:
    return not draws_blocks(event)


def event_variant_key(event: Event) -> str:
    """The variant the event's games are played in (under dice, the variant whose start the dice choose)."""
    return event.variant_key


def variant_name(key: str) -> str:
    """The engine's name; the key itself for a key no engine is registered under."""
    try:
        return get_engine(key).name
    except KeyError:
        return key


def fixed_start_position(key: str) -> str:
    """The start position of a variant without dice, from its engine; empty when the engine cannot give one."""
    try:
        return get_engine(key).start_position()
    except (KeyError, NotImplementedError, InvalidPositionError):
        return ""


def block_rounds(block: VariantBlock, total: int) -> list[int]:
    """The rounds of a block within the event's ``total`` (a five-round event's block 3 is round 5 alone)."""
    first = 2 * block.index - 1
    return [first] if 2 * block.index > max(total, first) else [first, first + 1]


def variant_from_block(event: Event, rnd: Round, block: VariantBlock) -> dict:
    """What the public may know of a round's variant block (the seed only once it is revealed)."""
    key = block.variant_key  # a pool's block has its own; every other block plays the event's
    return {
        "round": rnd.number,
        "block": block.index,
        "rounds": block_rounds(block, rounds_total(event)),
        "variant": key,
        "variant_name": variant_name(key),
        "method": block.method,
        "method_display": block.get_method_display(),
        "first_roll": block.first_roll,
        "second_roll": block.second_roll,
        "array": [str(piece) for piece in block.array or []],
        "castling": block.castling,
        "start_position": block.start_position or (fixed_start_position(key) if is_fixed(event) else ""),
        "commitment": block.commitment,
        "seed": revealed_seed(block),
        "rolled_at": block.rolled_at,
    }


def _fixed_variant(event: Event) -> dict:
    """A fixed variant before any published round has a block: its engine's start, no dice."""
    return {
        "round": None,
        "block": None,
        "rounds": [],
        "variant": event.variant_key,
        "variant_name": variant_name(event.variant_key),
        "method": str(VariantBlock.Method.FIXED),
        "method_display": VariantBlock.Method.FIXED.label,
        "first_roll": "",
        "second_roll": "",
        "array": [],
        "castling": "",
        "start_position": fixed_start_position(event.variant_key),
        "commitment": "",
        "seed": "",
        "rolled_at": None,
    }


def current_variant(event: Event) -> dict | None:
    """The variant in force: the latest published round's block, or the fixed variant's start position."""
    rnd = latest_round_with_a_block(event)
    if rnd is not None:
        shown = variant_from_block(event, rnd, rnd.variant_block)
        if is_fixed(event):  # one variant for the whole event: its blocks change nothing a reader needs to know
            shown.update(round=None, block=None, rounds=[])
        return shown
    if is_fixed(event):
        return _fixed_variant(event)
    return None
