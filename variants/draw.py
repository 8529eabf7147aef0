"""A way to start an event's games, as people pick it (variants.policies holds the policies and the list)."""

from __future__ import annotations

from dataclasses import dataclass, field

ROLLS = "rolls"  # the option of a dice draw: how many rolls of the dice make one block's start (1 or 2)


@dataclass(frozen=True)
class DiceStart:
    """What one block's dice give a rolled variant: the rolls in canonical order, the array of White's back rank
    (piece names, files a..), the castling step count (None: no castling) and the start position."""

    first: str
    second: str | None
    names: tuple[str, ...]
    castling: int | None
    position: str


@dataclass(frozen=True)
class Draw:
    """``name`` is its public name (the organizer API's ``variant_policy``), ``short`` the name the command line
    takes, ``label`` what forms and pages show; ``policy`` is the event's policy (``fixed`` or ``dice``),
    ``variant`` the key of the variant it plays (``None``: the fixed policy, whose variant is chosen on its own),
    ``options`` what the event keeps of it (``{"rolls": 2}``). An engine declares its own draws with ``policy`` and
    ``variant`` left empty (:attr:`variants.base.Engine.dice_draws`); :func:`variants.policies.draws` fills them."""

    name: str
    label: str
    short: str = ""
    policy: str = ""
    variant: str | None = None
    options: dict = field(default_factory=dict)
