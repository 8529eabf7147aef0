"""Round-robin schedules whose colours follow the seed's pattern (change after odd rounds only).

Players are positions ``0..n-1`` (pairing numbers minus one). A schedule is a list of rounds; a round lists
``(white, black)`` pairs and the position with the bye (``None`` when the count is even).

* :func:`berger_rounds` is FIDE's Berger table (FIDE Handbook C.05, Annex 1), in closed form.
* :func:`mini_match_schedule` (the double round-robin) plays Berger round k twice, in rounds 2k-1 and 2k, with
  colours reversed in the second game: nobody can fail to change after an odd round, and because Berger colours
  alternate with at most one repeat, players change after an even round at most once.
* :func:`single_schedule` takes Berger rounds two by two. The two matchings of a block form even alternating
  cycles, so each cycle can be coloured so that every player has White in one round of the block and Black in the
  other: again no failure to change after an odd round. Each cycle has two such colourings; the one chosen keeps
  most players on their previous colour across the even boundary (fewest extra changes).
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.colours import match_colour, summarize

Pair = tuple[int, int]


class ScheduledRound:
    """One round: the boards as (white, black) positions, and the position with the bye, if any."""

    __slots__ = ("bye", "pairs")

    def __init__(self, pairs: list[Pair], bye: int | None):
        self.pairs = pairs
        self.bye = bye

    def __repr__(self) -> str:
        return f"ScheduledRound({self.pairs!r}, bye={self.bye!r})"


def berger_rounds(n: int) -> list[list[Pair]]:
    """Berger table for an even ``n`` (1-based numbers): ``n - 1`` rounds of (white, black) pairs, board order."""
    if n < 2 or n % 2:
        raise ValueError("the Berger table needs an even number of at least 2")
    rounds: list[list[Pair]] = [[] for _ in range(n - 1)]
    for i in range(1, n):
        r = (2 * (i - 1)) % (n - 1)
        rounds[r].append((i, n) if (r + 1) % 2 == 1 else (n, i))
        for j in range(i + 1, n):
            r = (i + j - 2) % (n - 1)
            rounds[r].append((i, j) if (i + j) % 2 == 1 else (j, i))
    for pairs in rounds:  # board order of the printed tables: the pair with the smallest number first
        pairs.sort(key=lambda p: min(p))
    return rounds


def _with_dummy(n: int) -> tuple[int, int | None]:
    """The even size to schedule and the dummy's 0-based position (its opponent has the bye)."""
    return (n, None) if n % 2 == 0 else (n + 1, n)


def _to_round(pairs: Sequence[Pair], dummy: int | None) -> ScheduledRound:
    boards: list[Pair] = []
    bye = None
    for w, b in pairs:
        if dummy in (w, b):
            bye = b if w == dummy else w
        else:
            boards.append((w, b))
    return ScheduledRound(boards, bye)


def _zero_based(rounds: list[list[Pair]], flip: bool) -> list[list[Pair]]:
    return [[(b - 1, w - 1) if flip else (w - 1, b - 1) for w, b in pairs] for pairs in rounds]


def mini_match_schedule(n: int, flip: bool = False) -> list[ScheduledRound]:
    """Double round-robin as two-game mini-matches: ``2(n-1)`` rounds (``2n`` for odd ``n``).

    ``flip`` swaps every colour (the drawn colour of pairing number 1 in round 1).
    """
    size, dummy = _with_dummy(n)
    schedule: list[ScheduledRound] = []
    for pairs in _zero_based(berger_rounds(size), flip):
        schedule.append(_to_round(pairs, dummy))
        schedule.append(_to_round([(b, w) for w, b in pairs], dummy))
    return schedule


def _colour_block(first: list[Pair], second: list[Pair], want: dict[int, tuple[bool, int]]) -> tuple[list[Pair], list[Pair]]:
    """Colour two perfect matchings so everyone has one White and one Black.

    ``want`` maps a position to (wants White in the block's first round, weight); each alternating cycle takes
    whichever of its two colourings satisfies the larger weight.
    """
    partner1 = {v: u for a, b in first for v, u in ((a, b), (b, a))}
    partner2 = {v: u for a, b in second for v, u in ((a, b), (b, a))}
    white_first: dict[int, bool] = {}
    for start in sorted(partner1):
        if start in white_first:
            continue
        cycle, v, value, use_first = [], start, True, True
        while v not in white_first:  # walk the alternating cycle; neighbours get opposite patterns
            white_first[v] = value
            cycle.append(v)
            v = partner1[v] if use_first else partner2[v]
            value, use_first = not value, not use_first
        agree = sum(want[v][1] for v in cycle if v in want and want[v][0] == white_first[v])
        disagree = sum(want[v][1] for v in cycle if v in want and want[v][0] != white_first[v])
        if disagree > agree:
            for v in cycle:
                white_first[v] = not white_first[v]
    one = [(a, b) if white_first[a] else (b, a) for a, b in first]
    two = [(b, a) if white_first[a] else (a, b) for a, b in second]
    return one, two


def _colour_single(pairs: list[Pair], wish: dict[int, str], balance: dict[int, int]) -> list[Pair]:
    """A lone last round: the one with fewer Whites gets White; at equal balance each keeps their last colour."""
    coloured = []
    for a, b in pairs:
        wa, wb = wish.get(a), wish.get(b)
        ba, bb = balance.get(a, 0), balance.get(b, 0)
        if ba != bb:  # the colour balance first: nobody should end two Whites up
            a_white = ba < bb
        elif wa and wa != wb:
            a_white = wa == "w"
        elif wb and wa != wb:
            a_white = wb == "b"
        else:
            a_white = a < b
        coloured.append((a, b) if a_white else (b, a))
    return coloured


def _block_wants(
    first: list[Pair], second: list[Pair], dummy: int | None, wish: dict[int, str], balance: dict[int, int]
) -> dict[int, tuple[bool, int]]:
    """What each position wants from a block: keep its last colour (weight 1); one with a bye in the block plays
    once, and that game should mend its colour balance (weight 2)."""
    bye_first = next((a if b == dummy else b for a, b in first if dummy in (a, b)), None)
    bye_second = next((a if b == dummy else b for a, b in second if dummy in (a, b)), None)
    want: dict[int, tuple[bool, int]] = {}
    for v, colour in wish.items():
        if v not in (bye_first, bye_second):
            want[v] = (colour == "w", 1)
    for v, plays_first in ((bye_first, False), (bye_second, True)):
        if v is None:
            continue
        if balance.get(v, 0):
            wants_white = balance[v] < 0
            want[v] = (wants_white if plays_first else not wants_white, 2)
        elif plays_first and v in wish:
            want[v] = (wish[v] == "w", 1)
    return want


def single_schedule(n: int, flip: bool = False) -> list[ScheduledRound]:
    """Single round-robin, ``n - 1`` rounds (``n`` for odd ``n``), coloured block by block (see module doc).

    The Berger rounds are taken in every rotation of their order and the schedule with the best colour balance
    (then the fewest extra changes) is kept: with an odd count the byes and the lone last round can otherwise
    leave a player two Whites up.
    """
    size, dummy = _with_dummy(n)
    berger = _zero_based(berger_rounds(size), flip)
    best: tuple[tuple[int, int, int], list[list[Pair]]] | None = None
    for shift in range(len(berger) if dummy is not None else 1):
        coloured = _colour_rounds(berger[shift:] + berger[:shift], dummy)
        quality = _quality(coloured, dummy)
        if best is None or quality < best[0]:
            best = (quality, coloured)
    assert best is not None
    return [_to_round(pairs, dummy) for pairs in best[1]]


def _quality(rounds: list[list[Pair]], dummy: int | None) -> tuple[int, int, int]:
    """(largest colour imbalance, players at it, extra changes after even rounds), smaller is better."""
    sequences: dict[int, list[str]] = {}
    for pairs in rounds:
        for w, b in pairs:
            sequences.setdefault(w, []).append("-" if b == dummy else "w")
            sequences.setdefault(b, []).append("-" if w == dummy else "b")
    summaries = [summarize("".join(seq)) for v, seq in sequences.items() if v != dummy]
    worst = max(abs(s.whites - s.blacks) for s in summaries)
    at_worst = sum(1 for s in summaries if abs(s.whites - s.blacks) == worst)
    return worst, at_worst, sum(s.extra_changes_after_even for s in summaries)


def _colour_rounds(berger: list[list[Pair]], dummy: int | None) -> list[list[Pair]]:
    """Colour Berger rounds block by block (rounds 2k-1 and 2k), each block continuing the last colours."""
    wish = {v: "w" for v, _ in berger[0]} | {v: "b" for _, v in berger[0]}  # block 1 keeps Berger round 1
    balance: dict[int, int] = {}  # whites minus blacks
    coloured: list[list[Pair]] = []
    for k in range(0, len(berger), 2):
        if k + 1 < len(berger):
            one, two = _colour_block(berger[k], berger[k + 1], _block_wants(berger[k], berger[k + 1], dummy, wish, balance))
            coloured += [one, two]
            last = two
        else:
            last = _colour_single(berger[k], wish, balance)
            coloured.append(last)
        for pairs in coloured[-2 if k + 1 < len(berger) else -1 :]:
            for w, b in pairs:
                balance[w] = balance.get(w, 0) + 1
                balance[b] = balance.get(b, 0) - 1
        wish = {w: "w" for w, _ in last} | {b: "b" for _, b in last}
    return coloured


def match_schedule(games: int, first_white: bool = True) -> list[ScheduledRound]:
    """A two-player match: player 0 is the one drawn for White in game 1 when ``first_white``."""
    return [ScheduledRound([(0, 1) if match_colour(g, first_white) == "w" else (1, 0)], None) for g in range(1, games + 1)]
