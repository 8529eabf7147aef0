"""The seed's colour pattern and how a played colour sequence measures against it.

Seed 002, "Scheduling of Play": a rolled variant holds for two games or rounds; players "change color only after
odd-numbered games", and where that cannot be done "some players also alternating colors after an even-numbered
game" is preferred to "some players failing to change colors after an odd-numbered game". So the ideal sequence
is W B B W W B B ... (or its mirror) and a sequence is judged by two counts (docs/pairing.md).
"""

from __future__ import annotations

from dataclasses import dataclass

WHITE = "w"
BLACK = "b"
NONE = "-"  # no game in that round (bye, absence, not yet entered)


def opposite(colour: str) -> str:
    return BLACK if colour == WHITE else WHITE


def match_colour(game_number: int, first_white: bool) -> str:
    """The colour of the player drawn for White in game 1 (``first_white``) or of the other one, in game ``n``.

    The drawn player has White in game 1, Black in games 2 and 3, White in 4 and 5, and so on.
    """
    if game_number < 1:
        raise ValueError("games are numbered from 1")
    drawn = WHITE if (game_number // 2) % 2 == 0 else BLACK
    return drawn if first_white else opposite(drawn)


@dataclass(frozen=True)
class ColourSummary:
    """A player's colours round by round and how they follow the pattern."""

    sequence: str  # e.g. "wbbw-b"
    failures_after_odd: int  # same colour in rounds 2k-1 and 2k (both played)
    extra_changes_after_even: int  # different colours in rounds 2k and 2k+1 (both played)
    whites: int
    blacks: int


def summarize(sequence: str) -> ColourSummary:
    """Count the deviations from the pattern in a sequence of ``w``/``b``/``-`` indexed by round (round 1 first).

    Only rounds played on both sides of a boundary count: a bye in between says nothing about the pattern.
    """
    failures = extras = 0
    for i in range(len(sequence) - 1):
        a, b = sequence[i], sequence[i + 1]
        if a == NONE or b == NONE:
            continue
        round_number = i + 1  # the boundary after round i+1
        if round_number % 2 == 1 and a == b:
            failures += 1
        elif round_number % 2 == 0 and a != b:
            extras += 1
    return ColourSummary(sequence, failures, extras, sequence.count(WHITE), sequence.count(BLACK))
