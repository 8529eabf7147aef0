"""The tie-breaks by code: one registered :class:`TiebreakKind` each, like the scoring profiles and the engines.

A kind is a base code (``BH``), its name, the modifiers C.07 §14 allows it, whether smaller is better, the codes
the catalogue offers and the function that values it for every player. Adding a tie-break is one TiebreakKind and
one :func:`register_tiebreak` call: reading a code (:func:`scoring.tiebreak_codes.read_code`), the catalogue the
forms and the API offer, the API schema's pattern and the standings all ask here. The built-in C.07 kinds are
registered by :mod:`scoring.tiebreak_catalogue`, which the ``scoring`` package imports first.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only for the annotations: the registry reads no record itself
    from scoring.tiebreak_codes import Tiebreak
    from scoring.tiebreaks import Field

BASE_RE = re.compile(r"^[A-Z]{1,8}$")  # a code is written as C.07 writes its acronyms: capitals, no space


@dataclass(frozen=True)
class Ties:
    """Where the ranking stands when a tie-break comes: players in order, their ranks so far and their start
    keys (a tie-break that depends on who is tied, like DE, reads it; the others do not)."""

    order: list[int]
    rank: dict[int, int]
    start: dict[int, tuple]


#: Every player's value of one tie-break: ``values(field, spec, ties) -> {player: value or None}``.
Values = Callable[["Field", "Tiebreak", Ties], "dict[int, float | None]"]


@dataclass(frozen=True)
class TiebreakKind:
    """One tie-break. ``modifiers`` is "" (none), "C" (cut only) or "CM" (cut and median, C.07 §14);
    ``offered`` the codes the catalogue lists for it, in order (the bare code when empty); ``fide`` whether
    C.07 defines it (FIDE's tools and TRF record 202 know only those)."""

    code: str
    name: str
    values: Values
    modifiers: str = ""
    ascending: bool = False
    offered: tuple[str, ...] = ()
    fide: bool = True

    @property
    def codes(self) -> tuple[str, ...]:
        return self.offered or (self.code,)


_KINDS: dict[str, TiebreakKind] = {}


def register_tiebreak(kind: TiebreakKind) -> None:
    """Make ``kind`` the tie-break of its code; ValueError for a bad code or one another kind holds."""
    if not isinstance(kind, TiebreakKind):
        raise ValueError(f"{kind!r} is not a TiebreakKind")
    if not BASE_RE.match(kind.code) or kind.modifiers not in ("", "C", "CM"):
        raise ValueError(f"a tie-break code is 1-8 capital letters, its modifiers '', 'C' or 'CM': {kind!r}")
    if kind.code in _KINDS and _KINDS[kind.code] != kind:
        raise ValueError(f"tie-break {kind.code!r} is already registered")
    _KINDS[kind.code] = kind


def unregister_tiebreak(code: str) -> None:
    """Forget the tie-break of ``code`` (nothing happens for an unknown code)."""
    _KINDS.pop(code, None)


def tiebreak_kind(code: str) -> TiebreakKind | None:
    """The kind of a base code (``BH``), or None."""
    return _KINDS.get(code)


def tiebreak_kinds() -> list[TiebreakKind]:
    """Every registered kind, in the order it was registered (the built-ins in C.07's order)."""
    return list(_KINDS.values())


def catalogue() -> tuple[str, ...]:
    """Every code the forms and the API offer, in order: what a list of every tie-break holds."""
    return tuple(code for kind in _KINDS.values() for code in kind.codes)


def code_pattern() -> str:
    """A regular expression matching exactly the codes :func:`~scoring.tiebreak_codes.read_code` takes as C.07
    writes them: the API schema's ``pattern`` (read when the schema is made, so it has what registered since)."""
    bare = sorted(_KINDS)
    cut = sorted(code for code, kind in _KINDS.items() if kind.modifiers == "C")
    both = sorted(code for code, kind in _KINDS.items() if kind.modifiers == "CM")
    parts = [f"(?:{'|'.join(bare)})"]
    if both:
        parts.append(f"(?:{'|'.join(both)})-[CM][1-9]")
    if cut:
        parts.append(f"(?:{'|'.join(cut)})-C[1-9]")
    return f"^(?:{'|'.join(parts)})$"
