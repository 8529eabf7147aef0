"""The variants by key, imported lazily so that loading one engine does not load them all."""

from __future__ import annotations

from importlib import import_module

from variants.base import Engine

# key -> "module:Class"
ENGINES: dict[str, str] = {
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
    module, _, cls = target.partition(":")
    return getattr(import_module(module), cls)
