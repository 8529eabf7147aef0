"""The pairing systems an event can use (pure, no Django): one registered object per system, whose properties the
services read instead of branching on the system's key. A new system is one module calling :func:`register_system`
(docs/pairing.md, "Adding a pairing system"); ``Event.format`` reads its choices from here, so it needs no migration.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pairing.roundrobin import ScheduledRound, match_schedule, mini_match_schedule, single_schedule
from pairing.swiss import SwissPlayer

# A whole-event schedule from (competitors, rounds planned, pairing number 1 has White in game 1); None: paired
# round by round from the standings (a Swiss).
Schedule = Callable[[int, int, bool], list[ScheduledRound]]
# One round from the players it pairs (ranked as the standings rank them) and its number: (white, black) ids and
# the bye's id or None.
RoundPairer = Callable[[Sequence[SwissPlayer], int], tuple[list[tuple[int, int]], int | None]]

SCHEDULE_COLOURS = "Colours from the schedule (Berger table, colours changing after odd rounds)."


@dataclass(frozen=True)
class PairingSystem:
    """What the services ask of a pairing system.

    ``schedule`` builds the whole event in advance (None: each round is paired from the standings after the last);
    ``late_entry``: a player or team may join after round 1 is paired; ``rounds_fixed``: the organizer plans the
    number of rounds (checked against the rounds paired), otherwise it follows from the number of competitors
    (``rounds_for``); ``competitors``: the exact number of competitors (a match: 2), None for any;
    ``colour_explanation``: the sentence the colour explanation gives, None for the round-by-round colour rules;
    ``predetermined``: C.07 Article 15 (unplayed games under a pre-determined schedule) rather than Article 16;
    ``pair_round``: an extension's own round-by-round pairing (None: the built-in Swiss, Dutch or the seed's), with
    ``paragraph`` saying how it works on the event page."""

    key: str
    label: str
    schedule: Schedule | None = None
    late_entry: bool = False
    rounds_fixed: bool = False
    competitors: int | None = None
    colour_explanation: str | None = SCHEDULE_COLOURS
    predetermined: bool = False
    cycles: int = 1  # how many times each pair meets in a round-robin
    unit: str = "rounds"  # what the event page counts: a match's are games
    pair_round: RoundPairer | None = None
    paragraph: str | None = None

    def rounds_for(self, competitors: int, planned: int) -> int:
        """The event's number of rounds: planned when the organizer fixes it, else the round-robin's length."""
        if self.rounds_fixed:
            return planned
        size = competitors + competitors % 2
        return max((size - 1) * self.cycles, 0)


_SYSTEMS: dict[str, PairingSystem] = {}


def register_system(system: PairingSystem) -> PairingSystem:
    """Add ``system`` (a key registered twice is a programming error)."""
    if system.key in _SYSTEMS:
        raise ValueError(f"pairing system {system.key!r} is registered already")
    _SYSTEMS[system.key] = system
    return system


def system(key: str) -> PairingSystem:
    """The registered system ``key`` (KeyError for an unknown key)."""
    return _SYSTEMS[key]


def systems() -> list[PairingSystem]:
    """Every registered system, in registration order."""
    return list(_SYSTEMS.values())


def system_choices() -> list[tuple[str, str]]:
    """(key, label) pairs for a model field's or serializer's choices, read when asked (so they include
    extensions registered after import)."""
    return [(s.key, s.label) for s in _SYSTEMS.values()]


MATCH = register_system(
    PairingSystem(
        "match",
        "Match of N games",
        schedule=lambda n, rounds, white: match_schedule(rounds, white),
        rounds_fixed=True,
        competitors=2,
        unit="games",
    )
)
ROUND_ROBIN = register_system(
    PairingSystem(
        "rr",
        "Single round-robin",
        schedule=lambda n, rounds, white: single_schedule(n, flip=not white),
        predetermined=True,
    )
)
DOUBLE_ROUND_ROBIN = register_system(
    PairingSystem(
        "rr2",
        "Double round-robin in two-game mini-matches",
        schedule=lambda n, rounds, white: mini_match_schedule(n, flip=not white),
        predetermined=True,
        cycles=2,
    )
)
SWISS = register_system(PairingSystem("swiss", "Swiss", late_entry=True, rounds_fixed=True, colour_explanation=None))
