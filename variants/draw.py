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


# A block's draw (tournaments.VariantBlock.draw) in the words of the rolled engines' start options: ``roll`` and
# ``roll2`` the rolls in canonical (ascending) order, ``shown`` and ``shown2`` physical dice as they showed,
# ``castling`` the castling step count. The audit trail of the dice writes the same keys.
DRAW_KEYS = ("roll", "roll2", "shown", "shown2", "castling")


@dataclass(frozen=True)
class DrawReading:
    """What a block's draw holds, read by its engine: empty strings where the draw has no such value."""

    roll: str = ""
    roll2: str = ""
    shown: str = ""
    shown2: str = ""
    castling: str = ""

    @property
    def rolls(self) -> tuple[str, ...]:
        """The canonical rolls that were made (none, one or two)."""
        return tuple(r for r in (self.roll, self.roll2) if r)

    @property
    def shown_rolls(self) -> tuple[str, ...]:
        """The dice as people saw them: physical dice as they showed, else the canonical rolls."""
        return tuple(r for r in (self.shown or self.roll, self.shown2 or self.roll2) if r)


def read_dice(value: object) -> DrawReading:
    """A draw value (a dict, possibly empty or from an older row) as a :class:`DrawReading`; unknown keys are left."""
    value = value if isinstance(value, dict) else {}
    return DrawReading(**{key: str(value.get(key) or "") for key in DRAW_KEYS})


def dice_draw(start: DiceStart, shown: str = "", shown2: str = "") -> dict[str, str]:
    """The draw value of a block whose dice gave ``start`` (``shown``: physical dice as they showed); empty values
    are left out, so a block without dice has the empty draw."""
    castling = "" if start.castling is None else str(start.castling)
    values = (start.first, start.second or "", shown, shown2, castling)
    return {key: value for key, value in zip(DRAW_KEYS, values, strict=True) if value}
