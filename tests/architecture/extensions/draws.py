"""A throwaway tie-break, the number of games drawn over the board (no C.07 code): one TiebreakKind, registered by
one line in :func:`tests.architecture.extensions.install`."""

from __future__ import annotations

from scoring.records import PLAYED
from scoring.tiebreak_catalogue import each
from scoring.tiebreak_codes import Tiebreak
from scoring.tiebreak_registry import TiebreakKind
from scoring.tiebreaks import Field


def draws(f: Field, pid: int, spec: Tiebreak) -> float:
    """Games over the board that gave a draw's points (half of what a game hands out)."""
    return float(sum(1 for _, e in f.entries(pid) if e.kind == PLAYED and e.points == f.draw))


DRAWS = TiebreakKind("DRAWS", "Number of draws", each(draws), fide=False)
