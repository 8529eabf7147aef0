"""The variants by key, imported lazily so that loading one engine does not load them all.

Adding a variant is one module with an :class:`~variants.base.Engine` subclass (which carries every fact about the
variant) plus one line in :data:`ENGINES`. Everything else asks here: the keys, the engines, the choices of a form,
which variant is the one played from dice.

An engine module that fails to import breaks only its own variant: :func:`get_engine` of that key raises
:class:`VariantUnavailable` (the apps answer it as a refusal naming the variant, never a 500), and the helpers that
go through every engine (:func:`engines`, :func:`variant_choices`, ...) leave it out; the failure is logged once.
"""

from __future__ import annotations

import logging
from importlib import import_module

from variants.base import Engine
from variants.terminations import CHESS_LIKE, OFF_BOARD, Ending, by_name

log = logging.getLogger(__name__)

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


_BROKEN: dict[str, tuple[str, str]] = {}  # key -> (its target, why it failed to load): logged once, not retried


class VariantUnavailable(KeyError):
    """The engine of a registered variant could not be loaded: that variant's games cannot be played or shown
    until it is fixed; every other variant works. A KeyError, so code that treats an unknown variant gracefully
    (a page showing the key as its name) does the same for this one."""

    def __init__(self, key: str, why: str) -> None:
        super().__init__(key)
        self.key, self.why = key, why

    def __str__(self) -> str:
        return f"variant {self.key!r} is unavailable on this server: its engine could not be loaded ({self.why})"


def variant_keys() -> list[str]:
    return list(ENGINES)


def get_engine(key: str) -> type[Engine]:
    """The engine class for ``key``; raises ``KeyError`` with the known keys for an unknown one, and
    :class:`VariantUnavailable` for one whose engine module fails to import."""
    try:
        target = ENGINES[key]
    except KeyError:
        raise KeyError(f"unknown variant {key!r}; choose one of {', '.join(ENGINES)}") from None
    if not isinstance(target, str):
        return target
    broken = _BROKEN.get(key)
    if broken is not None and broken[0] == target:
        raise VariantUnavailable(key, broken[1])
    module, _, cls = target.partition(":")
    try:
        return getattr(import_module(module), cls)
    except Exception as exc:  # whatever the module raises while loading, it is this variant's failure alone
        why = f"{type(exc).__name__} loading {target}: {exc}"
        log.error("variant %r is unavailable: %s", key, why, exc_info=True)
        _BROKEN[key] = (target, why)
        raise VariantUnavailable(key, why) from exc


def _available() -> list[tuple[str, type[Engine]]]:
    """``(key, engine)`` of every variant whose engine loads, in registry order (a broken one is left out)."""
    found = []
    for key in list(ENGINES):
        try:
            found.append((key, get_engine(key)))
        except VariantUnavailable:
            continue  # logged once, where it failed
    return found


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
    _BROKEN.pop(key, None)


def unregister(key: str) -> None:
    """Forget the engine of ``key`` (nothing happens for an unknown key)."""
    ENGINES.pop(key, None)
    _BROKEN.pop(key, None)


def engines() -> list[type[Engine]]:
    """Every registered engine class that loads, in registry order."""
    return [engine for _, engine in _available()]


def variant_choices() -> list[tuple[str, str]]:
    """``(key, name)`` of every variant that loads, for a form's choices."""
    return [(key, engine.name) for key, engine in _available()]


def rolled_key() -> str:
    """The key of the variant whose start array is chosen by dice (the one engine with ``rolled``)."""
    rolled = [key for key, engine in _available() if engine.rolled]
    if len(rolled) != 1:
        raise LookupError(f"expected exactly one variant played from dice, found {len(rolled)}: {', '.join(rolled)}")
    return rolled[0]


def fixed_keys() -> list[str]:
    """Every variant key but the one played from dice: the variants an event can fix for all its rounds."""
    return [key for key, engine in _available() if not engine.rolled]


def rating_keys() -> list[str]:
    """The rating lists there are: each loaded engine's :meth:`~variants.base.Engine.rating_key`, in registry order."""
    return list(dict.fromkeys(engine.rating_key() for engine in engines()))


def rating_key_of(variant: str, options: dict[str, object] | None = None) -> str:
    """The rating list a game of ``variant`` started from ``options`` counts for (KeyError for an unknown one)."""
    return get_engine(variant).rating_key(options or {})


def rating_name(key: str) -> str:
    """The name of the rating list ``key`` (the key itself when no loaded engine rates for it)."""
    return next((engine.rating_name() for engine in engines() if engine.rating_key() == key), key)


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
