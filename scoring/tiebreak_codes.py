"""The catalogue of FIDE C.07 tie-breaks and modifiers, as C.07 and TRF-2026 (record 202) write their codes, and
the editions of C.07 an event may follow.

A code is a tie-break's acronym with at most one modifier: ``-Cn`` cuts the n least significant values (C.07
§14.1), ``-Mn`` the n least and n most significant ones (§14.2, median). C.07 lets these modify BH, FB, SB, ARO and
(cut only) PS; the other tie-breaks take none.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

# C.07 editions: 1 August 2024 (in force until the 2026 text); the 2026 text, approved by the FIDE Council on
# 2 February 2026 and in force from 1 March 2026 (its §16.4 caps what an unplayed round may be worth).
EDITIONS = ("2024", "2026")
EDITION_2026_FROM = date(2026, 3, 1)

TIEBREAK_NAMES = {
    "BH": "Buchholz",
    "FB": "Fore Buchholz",
    "SB": "Sonneborn-Berger",
    "AOB": "Average of opponents' Buchholz",
    "DE": "Direct encounter",
    "WIN": "Number of wins",
    "WON": "Number of games won over the board",
    "BPG": "Games played with Black",
    "BWG": "Games won with Black",
    "REP": "Rounds one elected to play",
    "PS": "Progressive scores",
    "KS": "Koya system",
    "ARO": "Average rating of opponents",
    "TPR": "Tournament performance rating",
    "PTP": "Perfect tournament performance",
    "APRO": "Average performance rating of opponents",
    "APPO": "Average perfect performance of opponents",
    "STD": "Standard points (1, ½, 0)",
    "TPN": "Tournament pairing number",
    "RTNG": "Rating",
}
CUT_AND_MEDIAN = frozenset({"BH", "FB", "SB", "ARO"})
CUT_ONLY = frozenset({"PS"})
# Smaller is better for these two: the pairing number, and DE's place within its tie group (0 when DE separates no one).
ASCENDING = frozenset({"DE", "TPN"})
# The default list, and the six codes the project offered before the whole catalogue.
TIEBREAKS = ("BH-C1", "BH", "SB", "DE", "WIN", "BPG")
CATALOGUE = (
    "BH-C1", "BH-C2", "BH-M1", "BH-M2", "BH", "FB", "SB", "SB-C1", "AOB", "DE", "WIN", "WON", "BPG", "BWG", "REP",
    "PS", "PS-C1", "KS", "ARO", "ARO-C1", "TPR", "PTP", "APRO", "APPO", "STD", "TPN", "RTNG",
)  # fmt: skip

_CODE = re.compile(r"^(?P<base>[A-Z]+)(?:-(?P<kind>[CM])(?P<count>[1-9]))?$")
#: Every code :func:`read_code` takes, as C.07 writes it (capitals, no space): an API schema's ``pattern``.
CODE_PATTERN = (
    f"^(?:{'|'.join(sorted(TIEBREAK_NAMES))}|(?:{'|'.join(sorted(CUT_AND_MEDIAN))})-[CM][1-9]|"
    f"(?:{'|'.join(sorted(CUT_ONLY))})-C[1-9])$"
)


@dataclass(frozen=True)
class Tiebreak:
    """One code read: ``BH-M1`` is base BH, low 1, high 1."""

    code: str
    base: str
    low: int = 0
    high: int = 0

    @property
    def ascending(self) -> bool:
        return self.base in ASCENDING


def read_code(code: str) -> Tiebreak:
    """``"bh-c1"`` -> Tiebreak("BH-C1", "BH", 1, 0); raises ValueError naming a code C.07 does not define."""
    text = code.strip().upper()
    match = _CODE.match(text)
    if not match or match["base"] not in TIEBREAK_NAMES:
        raise ValueError(f"unknown tie-break {code.strip()}; choose from {', '.join(CATALOGUE)}")
    base, kind, count = match["base"], match["kind"], int(match["count"] or 0)
    if kind and base not in CUT_AND_MEDIAN | CUT_ONLY or kind == "M" and base in CUT_ONLY:
        raise ValueError(f"tie-break {text}: C.07 defines no modifier {kind}{count} for {base}")
    return Tiebreak(text, base, count, count if kind == "M" else 0)


def parse_tiebreaks(text: str | Iterable[str]) -> list[str]:
    """``"BH-C1, BH,SB"`` -> ``["BH-C1", "BH", "SB"]``; raises ValueError naming an unknown or repeated code."""
    codes = [c.strip().upper() for c in (text.split(",") if isinstance(text, str) else text)]
    codes = [c for c in codes if c]
    for code in codes:
        read_code(code)
    if len(set(codes)) != len(codes):
        raise ValueError("a tie-break is listed twice")
    return codes


def tiebreak_name(code: str) -> str:
    """``BH-C1`` -> "Buchholz cut-1"; ``ARO-M1`` -> "Average rating of opponents median-1"."""
    spec = read_code(code)
    name = TIEBREAK_NAMES[spec.base]
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
