"""The variants by key, imported lazily so that loading one engine does not load them all.

Adding a variant is one module with an :class:`~variants.base.Engine` subclass (which carries every fact about the
variant) plus one line in :data:`ENGINES`. Everything else asks here: the keys, the engines, the choices of a form,
which variant is the one played from dice.
"""

from __future__ import annotations

from importlib import import_module

from variants.base import Engine
from variants.terminations import CHESS_LIKE, OFF_BOARD, Ending, by_name

# key -> "module:Class" (imported on first use) or the class itself (see register)
ENGINES: dict[str, str | type[Engine]] = {
    "chess": "variants.chess8:ChessEngine",
    "rvc": "variants.rvc:RandomVariantEngine",
    "reach": "variants.reach:ReachEngine",
    "twilight": "variants.twilight:TwilightEngine",
    "parity": "variants.parity:ParityEngine",
    "parity-single": "variants.parity:ParitySingleEngine",
    "sscc": "variants.sscc:SwitchSideEngine",
}


def variant_keys() -> list[str]:
    return list(ENGINES)


def get_engine(key: str) -> type[Engine]:
    """The engine class for ``key``; raises ``KeyError`` with the known keys for an unknown one."""
    try:
        target = ENGINES[key]
    except KeyError:
        raise KeyError(f"unknown variant {key!r}; choose one of {', '.join(ENGINES)}") from None
    if not isinstance(target, str):
        return target
    module, _, cls = target.partition(":")
    return getattr(import_module(module), cls)


def register(key: str, target: str | type[Engine]) -> None:
    """Make ``target`` (an Engine subclass, or ``"module:Class"`` to import on first use) the engine of ``key``.

    Raises ValueError when ``key`` already names another engine, or when a class's own ``key`` differs.
    """
    if isinstance(target, str):
        if ":" not in target:
            raise ValueError(f"an engine target is 'module:Class', not {target!r}")
    elif not (isinstance(target, type) and issubclass(target, Engine)):
        raise ValueError(f"{target!r} is not an Engine subclass")
    elif getattr(target, "key", None) != key:
        raise ValueError(f"{target.__name__}.key is {getattr(target, 'key', None)!r}, not {key!r}")
    if key in ENGINES and ENGINES[key] != target:
        raise ValueError(f"variant {key!r} is already registered")
    ENGINES[key] = target


def unregister(key: str) -> None:
    """Forget the engine of ``key`` (nothing happens for an unknown key)."""
    ENGINES.pop(key, None)


def engines() -> list[type[Engine]]:
    """Every registered engine class, in registry order."""
    return [get_engine(key) for key in ENGINES]


def variant_choices() -> list[tuple[str, str]]:
    """``(key, name)`` of every variant, for a form's choices."""
    return [(key, get_engine(key).name) for key in ENGINES]


def rolled_key() -> str:
    """The key of the variant whose start array is chosen by dice (the one engine with ``rolled``)."""
    rolled = [key for key in ENGINES if get_engine(key).rolled]
    if len(rolled) != 1:
        raise LookupError(f"expected exactly one variant played from dice, found {len(rolled)}: {', '.join(rolled)}")
    return rolled[0]


def fixed_keys() -> list[str]:
    """Every variant key but the one played from dice: the variants an event can fix for all its rounds."""
    return [key for key in ENGINES if not get_engine(key).rolled]


def ending_names() -> list[str]:
    """The name of every ending of every registered engine, sorted: what a result may name anywhere."""
    return sorted({name for engine in engines() for name in engine.terminations})


def ending_of(name: str, variant: str | None = None) -> Ending:
    """The ending ``name`` as ``variant``'s engine declares it (KeyError when that variant cannot end so).

    With no variant, or one no longer registered, the ending of the laws of chess by that name, else the first
    registered engine's that declares it; KeyError when none does.
    """
    if variant is not None and variant in ENGINES:
        return get_engine(variant).ending(name)
    chess = by_name(CHESS_LIKE | OFF_BOARD)
    if name in chess:
        return chess[name]
    for engine in engines():
        if name in engine.terminations:
            return engine.ending(name)
    raise KeyError(f"unknown termination {name!r}")
