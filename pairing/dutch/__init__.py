"""The FIDE (Dutch) system, C.04.3 as in force from February 2026, with the general rules of C.04.1/C.04.2.

Its pairings are those of bbpPairings (the FIDE-endorsed engine lichess uses): ``tests/pairing/dutch_fixtures``
replays random tournaments round by round against its recorded output. docs/pairing.md explains the method and
quotes the rules.

Entry points: :func:`pair_dutch` (a tournament as plain records -> the boards of the next round) and
:func:`pairing_system_for` (which system an event uses).
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.dutch.colours import boards
from pairing.dutch.engine import NoValidPairing, pair_round
from pairing.dutch.state import round_state
from pairing.trf import TrfTournament

SEED_SCHEDULE = "seed-schedule"  # Random Variant Chess: the seed's colour schedule (pairing.swiss)
DUTCH = "dutch"


@dataclass(frozen=True)
class DutchPairing:
    """The next round: ``boards`` as (white, black) start numbers in board order, ``bye`` the start number given the
    pairing-allocated bye (or None)."""

    boards: list[tuple[int, int]]
    bye: int | None

    def lines(self) -> list[str]:
        """bbpPairings' output: the number of pairs, then ``WHITE BLACK`` per line, the bye as ``N 0``."""
        rows = [f"{white} {black}" for white, black in self.boards]
        if self.bye is not None:
            rows.append(f"{self.bye} 0")
        return [str(len(rows)), *rows]


def pair_dutch(tournament: TrfTournament, *, baku: bool = False) -> DutchPairing:
    """Pair the next round of ``tournament`` by the Dutch system.

    ``tournament`` holds the rounds played so far and, for the round to pair, the absences already entered
    (requested byes H/Z/F, withdrawals, late entrants not yet arrived); see :mod:`pairing.trf`.
    ``baku`` applies Baku acceleration (C.04.5) unless explicit accelerations are given. Raises
    :class:`NoValidPairing` when no pairing satisfies the absolute criteria.
    """
    state = round_state(tournament, baku=baku)
    pairs, bye = pair_round(state)
    ordered = boards(pairs, bye, state.initial_colour)
    games = [(white.number, black.number) for white, black in ordered if black is not None]
    return DutchPairing(games, bye.number if bye is not None else None)


def pairing_system_for(one_variant: bool) -> str:
    """The pairing system of a Swiss event: the FIDE Dutch system when the whole event plays one variant that no
    dice choose (plain chess or one seed variant), which is what an organizer of such an event expects; else the
    seed's colour schedule (Random Variant Chess: the variant rolled for every two rounds). The caller decides
    ``one_variant`` from the event (tournaments.services.pairing_system); docs/pairing.md says why."""
    return DUTCH if one_variant else SEED_SCHEDULE


__all__ = ["DUTCH", "SEED_SCHEDULE", "DutchPairing", "NoValidPairing", "pair_dutch", "pairing_system_for"]
