"""The dice of an event's variant blocks as everyone may see them: the commitment from the start, the roll and the
seed once revealed. The same rows feed the event page, the public API and the organizer API.

A block whose round is paired but not yet published keeps its dice from the public (its roll tells the variant of a
pairing nobody may see yet): they show again once the round is published. The event's staff see them throughout.
"""

from __future__ import annotations

from tournaments.models import Event, Round, VariantBlock
from tournaments.public.variant import variant_name
from tournaments.services.dice import draws_blocks, revealed_seed
from tournaments.services.history import rounds_total
from variants import policies


def block_row(block: VariantBlock, total_rounds: int, *, withheld: bool = False) -> dict:
    """{index, first_round, last_round, commitment, how, roll, roll2, seed, ...}: ``how`` is "server" or "physical"
    once the dice are known (None before), ``roll``/``roll2`` are the dice as they showed (physical) or as the
    server derived them, ``canonical`` the ascending order the array is read from."""
    rolled = block.rolled_at is not None and not withheld
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
        "seed": (revealed_seed(block) or None) if rolled else None,
        "identity": (block.identity or None) if rolled and revealed_seed(block) else None,
        "replaced_reason": block.replaced_reason or None,
        "array": [str(piece) for piece in block.array or []] if rolled else [],
        "variant": (block.variant or None) if rolled else None,
        "variant_name": variant_name(block.variant) if rolled and block.variant else "",
        "pool": policies.draws_from_pool(block.event.variant_policy),
        "castling": block.castling if rolled else "",
        "start_position": block.start_position if rolled else "",
        "rolled_at": block.rolled_at if rolled else None,
    }


def withheld_blocks(event: Event) -> set[int]:
    """The indexes of the blocks whose rounds are paired but none of them published yet."""
    states: dict[int, set[str]] = {}
    for index, status in Round.objects.filter(event=event, variant_block__isnull=False).values_list(
        "variant_block__index", "status"
    ):
        states.setdefault(index, set()).add(status)
    public = {Round.Status.PUBLISHED, Round.Status.COMPLETE}
    return {index for index, found in states.items() if Round.Status.PAIRED in found and not found & public}


def event_blocks(event: Event, *, public: bool = True) -> list[dict]:
    """Every block of a dice event in order (a fixed variant has no dice: an empty list); for the ``public`` a block
    whose round is paired and unpublished shows its commitment only."""
    if not draws_blocks(event):
        return []
    total = rounds_total(event)
    hidden = withheld_blocks(event) if public else set()
    blocks = VariantBlock.objects.filter(event=event).order_by("index")
    return [block_row(block, total, withheld=block.index in hidden) for block in blocks]
