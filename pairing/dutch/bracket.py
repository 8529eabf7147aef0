"""Pairing one bracket: the order of candidates of C.04.3, each decision taken by a bonus in the lowest bits.

Positions index the engine's window (the current bracket's MDPs, its residents, then the next score group);
``base[x][y]`` (x > y) is the criteria weight of the pair, 0 when the pair is not allowed.
"""

from __future__ import annotations

from typing import Protocol

from pairing.dutch.state import Player
from pairing.dutch.weights import Weights


class BracketEngine(Protocol):
    """What a bracket is paired on: the engine's window and its matching (:class:`.engine.Engine` has them; this
    module names only the interface, so the engine imports the bracket and never the other way round)."""

    players: list[Player]
    weights: Weights
    window: list[int]  # vertices: the bracket's MDPs, its residents, then the next score group
    size: int  # positions of the window in the current bracket (MDPs and residents)
    movers: int  # MDPs at the start of the window
    first: int  # vertex of the bracket's first resident
    next_first: int  # vertex of the next score group's first player
    mate: list[int]  # the last matching's mate of each vertex
    matched: list[bool]  # vertices whose pair is final

    def score(self, vertex: int) -> int: ...
    def in_bracket(self, vertex: int) -> bool: ...
    def solve(self) -> None: ...
    def set_row(self, v: int, weights: dict[int, int]) -> None: ...
    def finalize(self, v: int, x: int) -> None: ...


def pair_bracket(e: BracketEngine) -> None:
    base = _base_weights(e)
    e.solve()
    _choose_mdps(e, base)
    _mdp_opponents(e, base)
    remainder = [pos for pos in range(e.movers, e.size) if e.mate[e.window[pos]] >= e.first]
    if remainder:
        _pair_remainder(e, base, remainder)


def _base_weights(e: BracketEngine) -> list[list[int]]:
    """Criteria weights of every pair with at least one resident or next-group player. Pairs of two MDPs keep the
    weight they had in the previous bracket, as in bbpPairings (they could not be paired there)."""
    window, players, size = e.window, e.players, e.size
    base: list[list[int]] = []
    for x in range(len(window)):
        if x < e.movers:
            base.append([])
            continue
        lo = players[window[x]]
        row = [e.weights.edge(players[window[y]], lo, x < size, x >= size) for y in range(x)]
        base.append(row)
        e.set_row(window[x], {window[y]: weight for y, weight in enumerate(row)})
    return base


def _choose_mdps(e: BracketEngine, base: list[list[int]]) -> None:
    """Which MDPs are paired here: as many of each score as the criteria allow, the highest first."""
    window, movers, size = e.window, e.movers, e.size
    residents = size - movers
    group_score = None
    left = matchable = 0
    for pos in range(movers):
        v = window[pos]
        if group_score is None or e.score(v) < group_score:
            group_score = e.score(v)
            left = matchable = 0
            q = pos
            while q < movers and e.score(window[q]) >= group_score:
                left += 1
                matchable += e.in_bracket(e.mate[window[q]])
                q += 1
        if not matchable:
            continue
        if left <= matchable:
            e.matched[v] = True
            continue
        left -= 1
        if not e.in_bracket(e.mate[v]):
            # a bonus of 1 in the lowest bit: is there a best pairing in which this MDP is paired here?
            e.set_row(v, {window[o]: base[o][pos] | 1 for o in range(movers, size) if base[o][pos]})
            e.solve()
        if e.in_bracket(e.mate[v]):
            e.matched[v] = True
            matchable -= 1
            # a bonus above any choice of opponent made below keeps it paired here while the others are decided
            e.set_row(v, {window[o]: (base[o][pos] | residents) + 1 for o in range(movers, size) if base[o][pos]})


def _mdp_opponents(e: BracketEngine, base: list[list[int]]) -> None:
    """Each paired MDP, from the highest, meets the highest resident the criteria allow."""
    window, movers, size = e.window, e.movers, e.size
    for pos in range(movers):
        v = window[pos]
        if not e.matched[v]:
            continue
        bonus, row = len(window), {}
        for o in range(size - 1, movers - 1, -1):  # the higher the resident, the larger the bonus
            if e.matched[window[o]]:
                continue
            if base[o][pos]:
                row[window[o]] = base[o][pos] + bonus
                bonus += 1
        e.set_row(v, row)
        e.solve()
        mate = e.mate[v]
        e.matched[mate] = True
        e.finalize(v, mate)


def _pair_remainder(e: BracketEngine, base: list[list[int]], remainder: list[int]) -> None:
    window = e.window
    split = sum(1 for pos in remainder if e.mate[window[pos]] < window[pos])  # pairs in the remainder: |S1|
    sb2 = 2 * e.weights.size_bits

    def weight(small: int, large: int, index: int) -> int:
        """Fewest exchanges (a bonus when the higher player of the pair is in S1), then the smallest difference
        of the exchanged pairing numbers (minus the higher player's index), above one spare bit for the probes."""
        value = base[large][small]
        return value + ((((index < split) << sb2) - index) << 1) if value else 0

    for index, pos in enumerate(remainder):
        e.set_row(window[pos], {window[o]: weight(pos, o, index) for o in remainder[index + 1 :]})
    e.solve()
    exchanges = sum(1 for pos in remainder[:split] if not _down(e, window[pos]))
    _exchange_from_s1(e, base, remainder, split, exchanges, weight)
    _exchange_from_s2(e, base, remainder, split, exchanges, weight)
    for index, pos in enumerate(remainder):  # S1 and S2 are now settled: only pairs S1 player - S2 player remain
        v, row = window[pos], {}
        for o in remainder[index + 1 :]:
            if not _down(e, v) or _down(e, window[o]):
                base[o][pos] = 0
            row[window[o]] = base[o][pos]
        e.set_row(v, row)
    _s1_opponents(e, base, remainder)


def _down(e: BracketEngine, v: int) -> bool:
    """v is paired in this bracket with a lower player (it is in S1)."""
    return v < e.mate[v] < e.next_first


def _exchange_from_s1(e, base, remainder, split, exchanges, weight) -> None:
    """Move the lowest S1 players to S2 first (4.2.3)."""
    window = e.window
    for index in range(split - 1, -1, -1):
        if not exchanges:
            break
        pos = remainder[index]
        v, later = window[pos], remainder[index + 1 :]
        if _down(e, v):  # -1: is there a best pairing in which this S1 player is not paired downward?
            e.set_row(v, {window[o]: w - 1 for o in later if (w := weight(pos, o, index))})
            e.solve()
        exchanged = not _down(e, v)
        exchanges -= exchanged
        row = {}
        for o in later:
            if exchanged:
                base[o][pos] = 0
            row[window[o]] = weight(pos, o, index)
        e.set_row(v, row)


def _exchange_from_s2(e, base, remainder, split, exchanges, weight) -> None:
    """Move the highest S2 players to S1 first (4.2.3)."""
    window = e.window
    for index in range(split, len(remainder)):
        if exchanges <= 1:  # the last one follows from the smallest difference of pairing numbers
            break
        pos = remainder[index]
        v, later = window[pos], remainder[index + 1 :]
        already = _down(e, v)
        if not already:  # +1: is there a best pairing in which this S2 player moves up into S1?
            e.set_row(v, {window[o]: w + 1 for o in later if (w := weight(pos, o, index))})
            e.solve()
        if _down(e, v):
            exchanges -= 1
            row = {}
            for o in remainder[:index]:
                base[pos][o] = 0
                row[window[o]] = 0
            for o in range(e.size, len(window)):
                base[o][pos] = 0
                row[window[o]] = 0
            e.set_row(v, row)
        if not already:
            e.set_row(v, {window[o]: weight(pos, o, index) for o in later})


def _s1_opponents(e: BracketEngine, base: list[list[int]], remainder: list[int]) -> None:
    """Each S1 player, in order, meets the highest S2 player the criteria allow (4.2.1)."""
    window = e.window
    for pos in remainder:
        v = window[pos]
        if not _down(e, v):
            continue
        bonus, row = 0, {}
        for o in reversed(remainder):  # from the lowest: the higher the S2 player, the larger the bonus
            if o <= pos or e.matched[window[o]]:
                continue
            if base[o][pos]:
                row[window[o]] = base[o][pos] + bonus
            bonus += 1
        e.set_row(v, row)
        e.solve()
        mate = e.mate[v]
        e.matched[v] = e.matched[mate] = True
        e.finalize(v, mate)
