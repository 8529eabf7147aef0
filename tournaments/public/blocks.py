"""The dice of an event's variant blocks as everyone may see them: the commitment from the start, the roll and the
seed once revealed. The same rows feed the event page, the public API and the organizer API."""

from __future__ import annotations

from tournaments.models import Event, VariantBlock
from tournaments.services.dice import revealed_seed, uses_dice
from tournaments.services.history import rounds_total


def block_row(block: VariantBlock, total_rounds: int) -> dict:
    """{index, first_round, last_round, commitment, how, roll, roll2, seed, ...}: ``how`` is "server" or "physical"
    once the dice are known (None before), ``roll``/``roll2`` are the dice as they showed (physical) or as the
    server derived them, ``canonical`` the ascending order the array is read from."""
    rolled = block.rolled_at is not None
    first_round = 2 * block.index - 1
    return {
        "index": block.index,
        "first_round": first_round,
        "last_round": max(first_round, min(2 * block.index, total_rounds)),
        "commitment": block.commitment or None,
        "committed_at": block.committed_at,
        "how": block.method if rolled else None,
        "roll": (block.first_shown or block.first_roll or None) if rolled else None,
        "roll2": (block.second_shown or block.second_roll or None) if rolled else None,
        "canonical": [r for r in (block.first_roll, block.second_roll) if r] if rolled else [],
        "seed": revealed_seed(block) or None,
        "identity": (block.identity or None) if revealed_seed(block) else None,
        "replaced_reason": block.replaced_reason or None,
        "array": [str(piece) for piece in block.array or []] if rolled else [],
        "castling": block.castling if rolled else "",
        "start_position": block.start_position if rolled else "",
        "rolled_at": block.rolled_at,
    }


def event_blocks(event: Event) -> list[dict]:
    """Every block of a dice event in order (a fixed variant has no dice: an empty list)."""
    if not uses_dice(event):
        return []
    total = rounds_total(event)
    return [block_row(block, total) for block in VariantBlock.objects.filter(event=event).order_by("index")]
