"""How an event chooses the variant of its games: the policies, and the named ways to start that people pick.

An event stores a *policy* that names no variant, the variant's key, and the options of the draw:

* :data:`FIXED`: one variant, its standard start, for every round;
* :data:`DICE`: the variant's start is drawn by dice for every block of two rounds (seed 002's "a rolled variant
  holds for two games or two rounds"); the options say how the dice are used (``{"rolls": 2}``).
* :data:`POOL`: every block of two rounds draws one variant from a list the director sets (``{"pool": [keys]}``,
  any registered variants; a rolled one drawn starts from one roll of its dice), with the dice's commit-reveal
  (:func:`variants.fairroll.derive_choice`); the event's own variant key is then empty.

A *draw* is what people choose among (the admin's form, the organizer API's ``variant_policy``, the pages): the
fixed policy, and every way of rolling that a rolled engine declares in :attr:`~variants.base.Engine.dice_draws`.
So a new rolled variant brings its own draws, and nothing outside ``variants/`` writes a draw's name.
"""

from __future__ import annotations

from dataclasses import replace

from variants.draw import ROLLS, Draw
from variants.registry import get_engine, variant_keys

FIXED = "fixed"
DICE = "dice"
POOL = "pool"
#: The option of the pool policy: the keys of the variants a block may draw, in the order the director gave.
POOL_OPTION = "pool"
POOL_MIN = 2

POLICY_LABELS = {
    FIXED: "A fixed variant",
    DICE: "Drawn by dice for every two rounds",
    POOL: "Drawn from a pool for every two rounds",
}


FIXED_DRAW = Draw(FIXED, POLICY_LABELS[FIXED], short=FIXED, policy=FIXED)
POOL_DRAW = Draw(POOL, POLICY_LABELS[POOL], short=POOL, policy=POOL)


def policy_choices() -> list[tuple[str, str]]:
    """The policies an event's column may hold, for the model's choices."""
    return list(POLICY_LABELS.items())


def draws() -> list[Draw]:
    """Every draw people may pick: the rolled engines' own, in registry order, then the fixed policy and the pool."""
    found = []
    for key in variant_keys():
        try:
            engine = get_engine(key)
        except (KeyError, ImportError):  # an engine that cannot load offers no draw; the others still do
            continue
        found += [replace(draw, policy=DICE, variant=key) for draw in (engine.dice_draws if engine.rolled else ())]
    return [*found, FIXED_DRAW, POOL_DRAW]


def draw_named(name: str) -> Draw:
    """The draw called ``name`` (its public or its short name); raises KeyError naming the known ones."""
    for draw in draws():
        if name in (draw.name, draw.short):
            return draw
    raise KeyError(f"unknown variant policy {name!r}; choose one of {', '.join(d.name for d in draws())}")


def draw_of(policy: str, variant: str, options: dict | None) -> Draw:
    """The draw an event's (policy, variant, options) columns stand for. A dice policy whose engine declares no
    draw with these options (an engine gone since) is shown by its policy's label and its options."""
    if policy == FIXED:
        return FIXED_DRAW
    if policy == POOL:  # the pool's variants are the draw's options, and its label names them
        return replace(POOL_DRAW, label=pool_label(options), options=dict(options or {})) if pool_of(options) else POOL_DRAW
    wanted = {ROLLS: 1, **(options or {})}
    for draw in draws():
        if draw.variant == variant and {ROLLS: 1, **draw.options} == wanted:
            return draw
    name = f"{policy}:{variant}"
    return Draw(name, POLICY_LABELS.get(policy, policy), name, policy, variant, dict(options or {}))


def uses_dice(policy: str) -> bool:
    """Whether games under ``policy`` start from dice rolled for their block."""
    return policy == DICE


def draws_blocks(policy: str) -> bool:
    """Whether each block of two rounds is drawn by the server with a public commitment (dice or a pool)."""
    return policy in (DICE, POOL)


def draws_from_pool(policy: str) -> bool:
    """Whether each block's variant is drawn from the event's pool."""
    return policy == POOL


def pool_of(options: dict | None) -> list[str]:
    """The pool's variant keys in the director's order (empty for another policy's options)."""
    found = (options or {}).get(POOL_OPTION) or []
    return [str(key) for key in found] if isinstance(found, list) else []


def pool_label(options: dict | None) -> str:
    """The pool as people read it: ``"Drawn from a pool for every two rounds: Chess, Reach Chess"``."""
    names = []
    for key in pool_of(options):
        try:
            names.append(get_engine(key).name)
        except (KeyError, ImportError):
            names.append(key)
    return f"{POLICY_LABELS[POOL]}: {', '.join(names)}" if names else POLICY_LABELS[POOL]


def pool_problems(variant: str, options: dict | None) -> dict[str, str]:
    """What is wrong with a pool policy's columns, by field (``pool`` names the list)."""
    if variant:
        return {"variant_key": "a pool's variants are drawn for each block: the event names no variant of its own"}
    found = (options or {}).get(POOL_OPTION)
    if set(options or {}) - {POOL_OPTION}:
        return {"variant_options": f"a pool takes only the option {POOL_OPTION!r}"}
    if not isinstance(found, list) or not all(isinstance(key, str) for key in found):
        return {POOL_OPTION: "a pool is a list of variant keys"}
    unknown = [key for key in found if key not in variant_keys()]
    if unknown:
        return {POOL_OPTION: f"no variant {unknown[0]!r}; choose among {', '.join(variant_keys())}"}
    if len(set(found)) != len(found):
        return {POOL_OPTION: "each variant is in the pool once"}
    if len(found) < POOL_MIN:
        return {POOL_OPTION: f"a pool holds at least {POOL_MIN} variants"}
    return {}


def rolls_of(options: dict | None) -> int:
    """How many rolls make one block's start under a dice draw with ``options`` (1 unless it says 2)."""
    return int((options or {}).get(ROLLS, 1))


def problems(policy: str, variant: str, options: dict | None) -> dict[str, str]:
    """What is wrong with an event's (policy, variant, options), by field (empty when they make a draw)."""
    if policy == POOL:
        return pool_problems(variant, options)
    try:
        engine = get_engine(variant)
    except (KeyError, ImportError):
        return {"variant_key": f"no variant {variant!r}; choose one of {', '.join(variant_keys())}"}
    if policy == FIXED:
        if engine.rolled:
            return {"variant_key": f"{engine.name} is played from dice: choose a dice policy for it"}
        return {"variant_options": "a fixed variant takes no options"} if options else {}
    if policy != DICE:
        return {"variant_policy": f"unknown policy {policy!r}; choose one of {', '.join(POLICY_LABELS)}"}
    if not engine.rolled:
        return {"variant_key": f"{engine.name} is not played from dice: choose the fixed policy for it"}
    offered = [draw.options for draw in draws() if draw.variant == variant]
    if {ROLLS: 1, **(options or {})} not in [{ROLLS: 1, **o} for o in offered]:
        return {"variant_options": f"{engine.name} offers the options {', '.join(map(str, offered))}"}
    return {}
