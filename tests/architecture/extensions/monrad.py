"""A throwaway Monrad pairing system (issue 35): players ranked by score, then pairing number, meet 1 v 2, 3 v 4
… down the list, each skipping to the next player they have not met; the last player of an odd field gets the
bye (the lowest who has not had one). Late entries are welcome, as in any Swiss. One module and one line in
``install()``: no migration, no other edit."""

from __future__ import annotations

from collections.abc import Sequence

from pairing.colours import WHITE
from pairing.swiss import SwissPlayer
from pairing.systems import PairingSystem, register_system, system, systems

KEY = "monrad"
COLOURS = "Monrad colours: the higher-ranked player of the two takes White unless they had White last round."


def _bye(ranked: list[SwissPlayer]) -> SwissPlayer | None:
    if len(ranked) % 2 == 0:
        return None
    return next((p for p in reversed(ranked) if not p.had_bye), ranked[-1])


def _coloured(top: SwissPlayer, other: SwissPlayer) -> tuple[int, int]:
    return (other.id, top.id) if top.colours[-1:] == WHITE else (top.id, other.id)


def pair_monrad(players: Sequence[SwissPlayer], number: int) -> tuple[list[tuple[int, int]], int | None]:
    """One Monrad round: (white, black) pairs in ranking order, and the bye's id or None."""
    ranked = sorted(players, key=lambda p: (-p.score, p.seed))
    bye = _bye(ranked)
    waiting = [p for p in ranked if p is not bye]
    pairs = []
    while waiting:
        top = waiting.pop(0)
        other = next((p for p in waiting if p.id not in top.opponents), waiting[0])  # a rematch only when forced
        waiting.remove(other)
        pairs.append(_coloured(top, other))
    return pairs, bye.id if bye else None


MONRAD = PairingSystem(
    KEY,
    "Monrad",
    late_entry=True,
    rounds_fixed=True,
    colour_explanation=COLOURS,
    pair_round=pair_monrad,
    paragraph="Rounds are paired by the Monrad system: players ranked by score meet 1 v 2, 3 v 4, and so on.",
)


def register() -> None:
    if KEY not in {s.key for s in systems()}:
        register_system(MONRAD)
    assert system(KEY) is MONRAD
