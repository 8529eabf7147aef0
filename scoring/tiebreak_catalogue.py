"""The tie-breaks of FIDE C.07 (1 August 2024 and 2026 editions), registered in C.07's order: each is its code,
its name, the modifiers §14 allows it and the function of :mod:`scoring.tiebreaks`,
:mod:`scoring.tiebreak_buchholz`, :mod:`scoring.tiebreak_direct` or :mod:`scoring.tiebreak_rating` that values it.
The ``scoring`` package imports this module first, so every code C.07 defines can be read wherever scoring is.
"""

from __future__ import annotations

from collections.abc import Callable

from scoring.tiebreak_buchholz import average_of_buchholz, buchholz, fore_buchholz, sonneborn_berger
from scoring.tiebreak_codes import Tiebreak
from scoring.tiebreak_direct import direct_encounter
from scoring.tiebreak_rating import (
    average_perfect_performance_of_opponents,
    average_performance_of_opponents,
    average_rating_of_opponents,
    perfect_performance_rating,
    performance_rating,
)
from scoring.tiebreak_registry import TiebreakKind, Ties, Values, register_tiebreak
from scoring.tiebreaks import Field, all_rated, count, koya, progressive, rating_of, standard_points

PlayerValue = Callable[[Field, int, Tiebreak], "float | None"]


def each(value: PlayerValue) -> Values:
    """A tie-break valued player by player, whoever is tied (all but DE)."""

    def values(f: Field, spec: Tiebreak, ties: Ties) -> dict[int, float | None]:
        return {pid: value(f, pid, spec) for pid in f.lines}

    return values


def _direct_encounter(f: Field, spec: Tiebreak, ties: Ties) -> dict[int, float | None]:
    """§6: computed on the groups tied when DE comes in the list."""
    return {pid: float(place) for pid, place in direct_encounter(f, ties.order, ties.rank, ties.start).items()}


def _counted(code: str) -> Values:
    return each(lambda f, pid, spec: count(f, pid, code))


def _rating(f: Field, pid: int, spec: Tiebreak) -> float | None:
    rating = rating_of(f.lines[pid].info)
    return float(rating) if rating is not None and all_rated(f) else None


C07 = (
    TiebreakKind("BH", "Buchholz", each(buchholz), "CM", offered=("BH-C1", "BH-C2", "BH-M1", "BH-M2", "BH")),
    TiebreakKind("FB", "Fore Buchholz", each(fore_buchholz), "CM"),
    TiebreakKind("SB", "Sonneborn-Berger", each(sonneborn_berger), "CM", offered=("SB", "SB-C1")),
    TiebreakKind("AOB", "Average of opponents' Buchholz", each(lambda f, pid, spec: average_of_buchholz(f, pid))),
    # Smaller is better for DE (a place within its tie group, 0 when DE separates no one) and TPN.
    TiebreakKind("DE", "Direct encounter", _direct_encounter, ascending=True),
    TiebreakKind("WIN", "Number of wins", _counted("WIN")),
    TiebreakKind("WON", "Number of games won over the board", _counted("WON")),
    TiebreakKind("BPG", "Games played with Black", _counted("BPG")),
    TiebreakKind("BWG", "Games won with Black", _counted("BWG")),
    TiebreakKind("REP", "Rounds one elected to play", _counted("REP")),
    TiebreakKind("PS", "Progressive scores", each(progressive), "C", offered=("PS", "PS-C1")),
    TiebreakKind("KS", "Koya system", each(lambda f, pid, spec: koya(f, pid))),
    TiebreakKind("ARO", "Average rating of opponents", each(average_rating_of_opponents), "CM", offered=("ARO", "ARO-C1")),
    TiebreakKind("TPR", "Tournament performance rating", each(performance_rating)),
    TiebreakKind("PTP", "Perfect tournament performance", each(perfect_performance_rating)),
    TiebreakKind("APRO", "Average performance rating of opponents", each(average_performance_of_opponents)),
    TiebreakKind("APPO", "Average perfect performance of opponents", each(average_perfect_performance_of_opponents)),
    TiebreakKind("STD", "Standard points (1, ½, 0)", each(lambda f, pid, spec: standard_points(f, pid))),
    TiebreakKind("TPN", "Tournament pairing number", each(lambda f, pid, spec: float(f.lines[pid].info.seed)), ascending=True),
    TiebreakKind("RTNG", "Rating", each(_rating)),
)  # fmt: skip

for kind in C07:
    register_tiebreak(kind)
