"""Buchholz (C.07 §8.1), Fore Buchholz (§8.3), Average of Opponents' Buchholz (§8.4) and Sonneborn-Berger (§9.1),
with the cut and median modifiers (§14) and the unplayed rounds of Article 16 (Swiss) or 15 (round-robin).

Swiss (Article 16). An opponent's score counts as *adjusted* (16.3): the rounds of category 16.2.5, those without
an opponent after the last round in which the opponent was present (a game, a forfeit won, a full-point or
pairing-allocated bye), count as draws; a forfeit lost is 16.2.4 and counts at the points scored (16.3.1). A
player's own unplayed round (a bye, a forfeit either way, an absence) counts as a game against a dummy opponent
scoring the player's own final score (16.4); under the 2026 text that dummy is capped: for a round with an opponent
(a forfeit) at that opponent's adjusted score (16.4.1), for a round without one at a draw in every round (16.4.2).
A cut removes a voluntarily unplayed round first (§14.4, 16.5).

Round-robin (Article 15). Every scheduled game counts as played, forfeits included (15.2): a forfeited game
brings the opponent's score like any other; the rounds without an opponent (the free round of an odd field, a
withdrawn opponent's) bring nothing, and an opponent's rounds without an opponent after they left count as losses.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from scoring.tiebreak_codes import Tiebreak
from scoring.tiebreaks import Field, is_vur, over_the_board, played


@dataclass(slots=True)
class Contribution:
    """One round's value in a player's Buchholz: ``score`` is the opponent's (or the dummy's), ``value`` what the
    round adds (the score for BH, the score weighted by the player's result for SB)."""

    round: int
    score: float
    value: float
    vur: bool


def _last_present(f: Field, pid: int) -> tuple[int, int]:
    """(the last round the player was present: not a VUR, the last round paired or given the pairing bye)."""
    present = paired = 0
    for r, e in f.entries(pid):
        if not is_vur(e, f.win):
            present = r
        if played(e) or e.opponent is not None:
            paired = r
    return present, paired


def adjusted_scores(f: Field, fore: bool = False) -> tuple[dict[int, float], dict[int, float]]:
    """(each player's score as an opponent counts it (16.3), each player's own score for their dummy).

    Fore Buchholz (§8.3) counts the last round's game of everyone paired in it as a draw."""
    key = ("adjusted", fore)
    if key in f.cache:
        return f.cache[key]
    adjusted: dict[int, float] = {}
    own: dict[int, float] = {}
    no_opponent = 0.0 if f.round_robin else f.draw
    for pid in f.lines:
        present, paired = _last_present(f, pid)
        is_fore = fore and paired == f.rounds
        if is_fore:
            present = paired
        total = points = 0.0
        last = None
        for r, e in f.entries(pid):
            total += e.points if (r <= present or e.opponent is not None) else no_opponent
            points += e.points
            last = (r, e)
        if is_fore and last and last[0] == f.rounds and last[1].opponent is not None:
            shift = f.draw - last[1].points
            total += shift
            points += shift
        adjusted[pid], own[pid] = total, points
    f.cache[key] = (adjusted, own)
    return adjusted, own


def contributions(f: Field, pid: int, weighted: bool, fore: bool = False) -> list[Contribution]:
    """The player's rounds as Buchholz (``weighted``: Sonneborn-Berger) counts them, before any cut."""
    adjusted, own = adjusted_scores(f, fore)
    values = []
    for r, e in f.entries(pid):
        opponent = e.opponent
        as_played = f.round_robin or (fore and r == f.rounds) or played(e)
        vur = is_vur(e, f.win)
        if as_played and opponent is not None:
            vur, score = False, adjusted[opponent]
        elif f.round_robin:
            if opponent is None:
                continue  # 15.2: a round without a game brings nothing in a round-robin
            score = 0.0
        else:
            score = _dummy(f, own[pid], adjusted.get(opponent) if opponent is not None else None)
        value = score * e.points / f.win if weighted else score
        values.append(Contribution(r, score, value, vur))
    return values


def _dummy(f: Field, own: float, opponent: float | None) -> float:
    """16.4: the dummy opponent of an unplayed round scores the player's own final score; the 2026 text caps it
    at the absent opponent's adjusted score (16.4.1) or, without an opponent, at a draw in every round (16.4.2)."""
    if f.edition != "2026":
        return own
    if opponent is not None:
        return min(own, opponent)
    return min(own, f.draw * f.rounds)


def cut(values: list[Contribution], low: int, high: int, rounds: int) -> float:
    """§14.1 cut the ``low`` least significant values, §14.2 also the ``high`` most significant ones.

    A voluntarily unplayed round is the least significant (§14.4, 16.5); for SB a lower contribution among the
    others goes first when it is smaller than the VUR's, as FIDE's reference orders them."""
    low = min(low, rounds)
    high = min(high, rounds - low)
    kept = list(values)
    for _ in range(low):
        if not kept:
            break
        by_score = sorted(kept, key=lambda c: (c.score, c.value))
        vur_first = sorted(kept, key=lambda c: (-c.vur, c.score, c.value))
        kept = by_score[1:] if by_score[0].value > vur_first[0].value else vur_first[1:]
    for _ in range(high):
        if not kept:
            break
        kept = sorted(kept, key=lambda c: (-c.score, -c.value))[1:]
    return sum(c.value for c in kept)


def buchholz(f: Field, pid: int, spec: Tiebreak) -> float:
    """BH (§8.1) with its cut or median."""
    return cut(contributions(f, pid, False), spec.low, spec.high, f.rounds)


def fore_buchholz(f: Field, pid: int, spec: Tiebreak) -> float:
    """FB (§8.3): Buchholz with every game of the last round counted as a draw, with its cut or median."""
    return cut(contributions(f, pid, False, fore=True), spec.low, spec.high, f.rounds)


def sonneborn_berger(f: Field, pid: int, spec: Tiebreak) -> float:
    """SB (§9.1): the opponents' scores weighted by the player's results, with its cut or median."""
    return cut(contributions(f, pid, True), spec.low, spec.high, f.rounds)


def average_of_buchholz(f: Field, pid: int) -> float | None:
    """§8.4 AOB: the average of the Buchholz of the opponents met over the board, to two decimals (.005 up)."""
    plain = Tiebreak("BH", "BH")
    bh = f.cache.get("BH")
    if bh is None:
        bh = f.cache["BH"] = {p: buchholz(f, p, plain) for p in f.lines}
    met = [bh[e.opponent] for _, e in f.entries(pid) if over_the_board(e) and e.opponent is not None]
    if not met:
        return None
    average = Decimal(str(sum(met))) / len(met)
    return float(average.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
