"""Tie-break codes as C.07 and TRF-2026 (record 202) write them, read against the registered tie-breaks
(scoring.tiebreak_registry; the C.07 ones are in scoring.tiebreak_catalogue), and the editions of C.07 an event
may follow.

A code is a tie-break's acronym with at most one modifier: ``-Cn`` cuts the n least significant values (C.07
§14.1), ``-Mn`` the n least and n most significant ones (§14.2, median). C.07 lets these modify BH, FB, SB, ARO and
(cut only) PS; the other tie-breaks take none. Each registered kind says which it takes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from scoring.tiebreak_registry import TiebreakKind, catalogue, tiebreak_kind

# C.07 editions: 1 August 2024 (in force until the 2026 text); the 2026 text, approved by the FIDE Council on
# 2 February 2026 and in force from 1 March 2026 (its §16.4 caps what an unplayed round may be worth).
EDITIONS = ("2024", "2026")
EDITION_2026_FROM = date(2026, 3, 1)

# The default list, and the six codes the project offered before the whole catalogue.
TIEBREAKS = ("BH-C1", "BH", "SB", "DE", "WIN", "BPG")
_CODE = re.compile(r"^(?P<base>[A-Z]+)(?:-(?P<kind>[CM])(?P<count>[1-9]))?$")


@dataclass(frozen=True)
class Tiebreak:
    """One code read: ``BH-M1`` is base BH, low 1, high 1."""

    code: str
    base: str
    low: int = 0
    high: int = 0

    @property
    def kind(self) -> TiebreakKind:
        found = tiebreak_kind(self.base)
        if found is None:
            raise KeyError(f"tie-break {self.base} is not registered")
        return found

    @property
    def ascending(self) -> bool:
        return self.kind.ascending


def read_code(code: str) -> Tiebreak:
    """``"bh-c1"`` -> Tiebreak("BH-C1", "BH", 1, 0); raises ValueError naming a code no registered tie-break
    takes (scoring.tiebreak_registry)."""
    text = code.strip().upper()
    match = _CODE.match(text)
    kind = tiebreak_kind(match["base"]) if match else None
    if kind is None:
        raise ValueError(f"unknown tie-break {code.strip()}; choose from {', '.join(catalogue())}")
    base, modifier, count = match["base"], match["kind"], int(match["count"] or 0)
    if modifier and modifier not in kind.modifiers:
        raise ValueError(f"tie-break {text}: C.07 defines no modifier {modifier}{count} for {base}")
    return Tiebreak(text, base, count, count if modifier == "M" else 0)


def default_tiebreaks() -> list[str]:
    """A new event's list (the default of the events' ``tiebreaks`` column)."""
    return list(TIEBREAKS)


def parse_tiebreaks(text: str | Iterable[str]) -> list[str]:
    """``["bh-c1", "BH"]`` (or a TRF's ``"BH-C1,BH"``) -> ``["BH-C1", "BH"]``, as an event stores its list; raises
    ValueError naming an unknown or repeated code. The one check of a list of codes, wherever it comes from."""
    codes = [str(c).strip().upper() for c in (text.split(",") if isinstance(text, str) else text)]
    codes = [c for c in codes if c]
    for code in codes:
        read_code(code)
    if len(set(codes)) != len(codes):
        raise ValueError("a tie-break is listed twice")
    return codes


def read_typed_list(text: str) -> list[str]:
    """What a director typed (``"BH-C1, bh, SB"``) -> the codes; ValueError for an empty place between commas
    (a slip: a code left out) and whatever :func:`parse_tiebreaks` refuses."""
    codes = parse_tiebreaks(text)  # an unknown code is named first, the slip after
    if text.strip() and any(not part.strip() for part in text.split(",")):
        raise ValueError("an empty tie-break between commas: list codes separated by single commas")
    return codes


def tiebreak_name(code: str) -> str:
    """``BH-C1`` -> "Buchholz cut-1"; ``ARO-M1`` -> "Average rating of opponents median-1"."""
    spec = read_code(code)
    name = spec.kind.name
    if spec.high:
        return f"{name} median-{spec.low}"
    return f"{name} cut-{spec.low}" if spec.low else name


def edition_for(starts_on: date | None, today: date | None = None) -> str:
    """The C.07 edition in force on the event's first day (on ``today`` when the event has no date yet)."""
    day = starts_on or today or date.today()
    return "2026" if day >= EDITION_2026_FROM else "2024"


def check_edition(edition: str) -> str:
    if edition not in EDITIONS:
        raise ValueError(f"unknown C.07 edition {edition}; choose from {', '.join(EDITIONS)}")
    return edition
