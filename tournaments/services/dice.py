"""The dice ceremony of each variant block: committed when it exists, rolled in the open, correctable until play.

Block k covers rounds (in a match: games) 2k-1 and 2k. Every block of a dice policy is committed when the event
is prepared: a server seed whose SHA-256 (the commitment) is public before anything is rolled. Then either

* "Roll now" (:func:`roll_now`) reveals the server's roll (anyone can re-derive it from seed and commitment), or
* the arbiter records physical dice as the dice showed them (:func:`enter_physical_roll`); the canonical order is
  derived, the committed seed stays on record with the reason it was replaced, and the dice can be corrected until
  the block's first round is paired.

Pairing a round whose block is still unrolled rolls it first and records that it did (:func:`roll_for_round`):
nothing is rolled silently. The fixed policy has blocks too (method "fixed") so every round points at its variant.

A variant pool (issue 29) has the same ceremony: each block's committed seed draws its variant from the pool
(``fairroll.derive_choice``) when it is rolled, and a rolled variant so drawn takes one roll of its dice from the
same seed; physical dice have no part in it.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from tournaments.models import Event, Round, Section, VariantBlock
from tournaments.services.audit import DICE_CORRECTED, DICE_ENTERED, DICE_ROLLED, audit
from tournaments.services.errors import Conflict
from tournaments.services.history import rounds_total
from variants import policies
from variants.base import Engine
from variants.draw import DRAW_KEYS, dice_draw
from variants.registry import get_engine

DEFAULT_REPLACED_REASON = "physical dice thrown at the venue"


def block_index(round_number: int) -> int:
    """The block k that holds round ``round_number`` (rounds 2k-1 and 2k)."""
    return (round_number + 1) // 2


def _fairroll():
    from variants import fairroll

    return fairroll


def two_rolls(event: Event) -> bool:
    """Whether each block's start is made of two rolls of the dice (the event's draw says so)."""
    return policies.rolls_of(event.variant_options) == 2


def uses_dice(event: Event) -> bool:
    return policies.uses_dice(event.variant_policy)


def draws_blocks(event: Event) -> bool:
    """Whether the event's blocks are drawn by the server with a public commitment (dice or a pool)."""
    return policies.draws_blocks(event.variant_policy)


def commit_block(event: Event, index: int, *, seed: str | None = None, identity: str = "") -> VariantBlock:
    """Create block ``index`` with a committed secret seed (idempotent: an existing block is returned as is).

    The dice derive from the seed and ``identity`` (default ``fairroll.block_id(slug, index)``); simulations pass
    their own so that a repeated run rolls the same dice under a new slug.
    """
    existing = VariantBlock.objects.filter(event=event, index=index).first()
    if existing:
        return existing
    if not draws_blocks(event):
        return _fixed_block(event, index)
    holder = _holder(event)
    if holder is not None:  # a section plays the event's roll: the same committed seed, so the same dice
        shared = commit_block(holder, index)
        return VariantBlock.objects.create(event=event, index=index, **_dice_of(shared))
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


# The fields of a block that are its draw: a section's block copies them from the event's (issue 27), the variant
# drawn from a pool included (without it a section's block of a pool event had no variant to start: a 500).
DICE_FIELDS = ("method", "commitment", "seed", "identity", "variant", "draw", "replaced_reason", "rolled_by",
               "rolled_at", "committed_at")  # fmt: skip


def _holder(event: Event) -> Event | None:
    """The event whose dice a section's row plays (None for an event, or its first section: it rolls them)."""
    section = Section.objects.filter(body=event).exclude(event_id=event.pk).select_related("event").first()
    return section.event if section else None


def _dice_of(block: VariantBlock) -> dict:
    return {field: getattr(block, field) for field in DICE_FIELDS}


def share_dice(block: VariantBlock) -> None:
    """The event's block changed (rolled, dice entered or corrected): its sections' blocks not yet in play follow."""
    bodies = Section.objects.filter(event_id=block.event_id).exclude(body_id=block.event_id).values_list("body_id", flat=True)
    for other in VariantBlock.objects.filter(event_id__in=list(bodies), index=block.index):
        if not in_play(other):
            for field, value in _dice_of(block).items():
                setattr(other, field, value)
            other.save()


def _follow_holder(event: Event, block: VariantBlock) -> VariantBlock:
    """A section's block before its round is paired: the event's dice, rolled first if nobody rolled them."""
    holder = _holder(event)
    if holder is None or in_play(block):
        return block
    shared = commit_block(holder, block.index)
    if shared.method == VariantBlock.Method.SERVER and not shared.rolled_at:
        roll_block(shared)  # shares its dice with the sections
    block.refresh_from_db()
    return block


def _fixed_block(event: Event, index: int) -> VariantBlock:
    """A block of a fixed variant: drawn at once, its start the engine's (VariantBlock.start_position)."""
    _engine(event)  # an unknown variant is refused naming the field
    return VariantBlock.objects.create(event=event, index=index, method=VariantBlock.Method.FIXED, rolled_at=timezone.now())


def _engine(event: Event, key: str | None = None) -> type[Engine]:
    """The engine of ``key`` (default: the event's variant): its start, and for a rolled variant what its dice give."""
    key = event.variant_key if key is None else key
    try:
        return get_engine(key)
    except (KeyError, ImportError) as exc:
        raise ValidationError({"variant_key": f"no engine for variant {key!r}: {exc}"}) from None


def _apply_layout(block: VariantBlock, first: str, second: str | None, *, shown: bool = False) -> None:
    """The block's draw from its dice (``shown``: physical dice, kept as they showed too); its start follows."""
    try:
        array = _engine(block.event, block.variant_key).dice_start(first, second)
    except ValueError as exc:
        raise ValidationError({"roll": str(exc)}) from None
    block.draw = dice_draw(array, first, second or "") if shown else dice_draw(array)


def rolled_text(block: VariantBlock) -> str:
    """The block's dice in canonical order, as people read them: ``3-3-5`` or ``3-3-5 then 1-2-5`` (a pool's block
    names its variant first: ``Reach Chess`` or ``Random Variant Chess, 3-3-5``)."""
    dice = " then ".join(block.reading.rolls)
    if not block.variant:
        return dice
    name = _engine(block.event, block.variant).name
    return f"{name}, {dice}" if dice else name


def in_play(block: VariantBlock) -> bool:
    """Whether a round of the block is paired: from then on its dice are part of the record."""
    return block.rounds.exclude(status=Round.Status.PENDING).exists()


def dice_state(block: VariantBlock) -> dict:
    """The block's dice as an audit entry's before/after: how they were made, the draw in the words of the block's
    ``draw`` column (``roll``, ``roll2``, ``shown``, ``shown2``, ``castling``; None where empty) and the commitment."""
    reading = block.reading
    drawn = {key: getattr(reading, key) or None for key in DRAW_KEYS}
    return {"how": block.method if block.rolled_at else None, **drawn, "commitment": block.commitment or None}


def roll_block(block: VariantBlock) -> VariantBlock:
    """Derive a committed server block's dice from its seed (idempotent: a rolled block is left alone)."""
    if block.rolled_at:
        return block
    fairroll = _fairroll()
    identity = block.identity or fairroll.block_id(block.event.slug, block.index)
    block.identity = identity
    if policies.draws_from_pool(block.event.variant_policy):
        _draw_from_pool(block)
    if _engine(block.event, block.variant_key).rolled:
        first, second = fairroll.derive_rolls(block.seed, identity, two_rolls(block.event))
        _apply_layout(block, first, second)
    block.rolled_at = timezone.now()
    block.save()
    share_dice(block)
    return block


def _draw_from_pool(block: VariantBlock) -> None:
    """Draw a pool block's variant with its committed seed; a variant without dice starts from its engine's start."""
    pool = policies.pool_of(block.event.variant_options)
    if not pool:
        raise ValidationError({"pool": f"{block.event} has no pool of variants to draw from"})
    block.variant = pool[_fairroll().derive_choice(block.seed, block.identity, len(pool))]
    _engine(block.event, block.variant)  # a variant without dice starts from its engine's start once drawn


def has_block(event: Event, index: int) -> bool:
    """Whether block ``index`` exists or will: the event draws its blocks (dice or a pool), and the block was made
    or its rounds are planned."""
    if not draws_blocks(event):
        return False
    return 1 <= index <= block_index(rounds_total(event)) or VariantBlock.objects.filter(event=event, index=index).exists()


def _locked_block(event: Event, index: int) -> VariantBlock:
    if not draws_blocks(event):
        raise ValidationError({"how": f"{event} plays a fixed variant: there are no dice"})
    if not has_block(event, index):
        raise ValidationError({"index": f"{event} has no block {index}: its rounds make {block_index(rounds_total(event))}"})
    commit_block(event, index)
    return VariantBlock.objects.select_for_update().get(event=event, index=index)


def _refuse_in_play(block: VariantBlock) -> None:
    if in_play(block):
        raise Conflict(
            {"how": f"block {block.index} is already in play (round {2 * block.index - 1} is paired): its dice cannot change"}
        )


@transaction.atomic
def roll_now(event: Event, index: int, *, by=None) -> VariantBlock:
    """Reveal the server's roll of block ``index`` ("Roll now"); a block already rolled by the server is returned."""
    block = _locked_block(event, index)
    _refuse_in_play(block)
    if block.rolled_at and block.method == VariantBlock.Method.PHYSICAL:
        raise Conflict({"how": f"block {index} uses physical dice ({block.first_shown}): correct them, or keep them"})
    if block.rolled_at:
        return block
    before = dice_state(block)
    roll_block(block)
    rolled = rolled_text(block)
    audit(event, DICE_ROLLED, f"Block {index} rolled by the server: {rolled}", by=by, before=before, after=dice_state(block))
    return block


def shown_roll(event: Event, text: object, field: str) -> str:
    """A roll as the dice showed it (``" 6 -6- 2"`` -> ``"6-6-2"``); ValidationError naming ``field`` if it is not one."""
    try:
        return _engine(event).read_roll(text)
    except ValueError as exc:
        raise ValidationError({field: str(exc)}) from None


def _check_second(event: Event, first: str, second: str | None) -> None:
    if not two_rolls(event) and second:
        raise ValidationError({"roll2": f"{event} uses one roll: no second roll"})
    if two_rolls(event) and not second and _engine(event).second_roll_possible(first):
        raise ValidationError({"roll2": f"{event} uses two rolls: the second roll is needed after {first}"})


@transaction.atomic
def enter_physical_roll(
    event: Event, index: int, first: str, second: str | None = None, *, by=None, reason: str = ""
) -> VariantBlock:
    """Record the dice thrown at the venue for block ``index`` as they showed; correctable until the block is in play.

    The canonical (ascending) order is derived for the array. A block that had a committed server seed keeps the
    commitment on record with ``reason`` (default: physical dice thrown at the venue). Every entry and correction
    is audited with the dice before and after.
    """
    if not uses_dice(event):
        raise ValidationError({"how": f"{event} draws its variants from a pool: the server draws, no physical dice"})
    first_shown = shown_roll(event, first, "roll")
    second_shown = shown_roll(event, second, "roll2") if second else ""
    _check_second(event, first_shown, second_shown or None)
    block = _locked_block(event, index)
    _refuse_in_play(block)
    before = dice_state(block)
    correction = block.method == VariantBlock.Method.PHYSICAL and block.rolled_at is not None
    _apply_layout(block, first_shown, second_shown or None, shown=True)
    if not correction and block.commitment:
        block.replaced_reason = (reason or DEFAULT_REPLACED_REASON).strip()[:300]
    block.method = VariantBlock.Method.PHYSICAL
    block.rolled_by, block.rolled_at = by, timezone.now()
    block.save()
    shown = " then ".join(r for r in (first_shown, second_shown) if r)
    if correction:
        text = f"Block {index}: physical dice corrected from {before['shown'] or before['roll']} to {shown}"
    else:
        text = f"Block {index}: physical dice {shown} recorded (array from {rolled_text(block)})"
        if block.commitment:
            text += f"; the committed server seed {block.commitment[:12]}… is kept on record, replaced because: "
            text += block.replaced_reason
    if reason and correction:
        text += f" ({reason.strip()[:200]})"
    share_dice(block)
    action = DICE_CORRECTED if correction else DICE_ENTERED
    audit(event, action, text, by=by, before=before, after=dice_state(block))
    return block


def roll_for_round(event: Event, round_number: int, total_rounds: int | None = None, *, by=None) -> tuple[VariantBlock, bool]:
    """The block of ``round_number``, rolled: (block, whether pairing had to roll it now).

    A server block nobody rolled is rolled here and the audit trail says so; the next block is committed ahead of
    time so its commitment is public before it starts.
    """
    block = _follow_holder(event, commit_block(event, block_index(round_number)))
    rolled_now = False
    if block.method == VariantBlock.Method.SERVER and not block.rolled_at:
        before = dice_state(block)
        roll_block(block)
        rolled_now = True
        rolled = rolled_text(block)
        text = f"Block {block.index} was not rolled: rolled by the server when round {round_number} was paired: {rolled}"
        audit(event, DICE_ROLLED, text, by=by, before=before, after=dice_state(block))
    if draws_blocks(event) and 2 * block.index < (total_rounds or event.rounds_planned):
        commit_block(event, block.index + 1)
    return block, rolled_now


def block_for_round(event: Event, round_number: int, total_rounds: int | None = None) -> VariantBlock:
    """The rolled block of ``round_number`` (see :func:`roll_for_round`)."""
    return roll_for_round(event, round_number, total_rounds)[0]


def revealed_seed(block: VariantBlock) -> str:
    """The seed once the server rolled with it (public), else empty: pages and APIs show this, never ``block.seed``.

    A seed replaced by physical dice is never revealed: only its commitment stays on record.
    """
    return block.seed if block.rolled_at and block.method == VariantBlock.Method.SERVER else ""
