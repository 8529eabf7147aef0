"""The Dutch criteria as one integer per possible pair, most important first (C.04.3's criteria).

A pairing is better than another when it is better on the first criterion where they differ, so each criterion
gets a field of bits wide enough for its total over a whole round, and a matching of maximum total weight is the
best pairing. Fields, from the top:

1. completion (the rest of the round can be paired) and the pairing-allocated bye: 1, plus 1 for each player who
   may not get the bye;
2. pairs in the current bracket, then the scores of the players paired there (MDPs first);
3. pairs in the next bracket and their scores (the downfloaters chosen so the next bracket pairs best);
4. unplayed games of the bye assignee (C9), when the bye falls in the bracket being paired;
5. colours: absolute imbalance, absolute preference, preference, strong preference;
6. floats: downfloats and upfloats repeated from the last round and the one before, then their scores;
7. room at the bottom for the order among equally good candidates (C.04.3), filled in by the engine.

Fields 5 and 6 count only pairs inside the current bracket. Scores use one bit group per score group, the higher
scores more significant, each wide enough for that group's size. Scores are with acceleration (C.04.5).
"""

from __future__ import annotations

from pairing.dutch.state import Player, RoundState, invert


def _colour_fields(lo: Player, hi: Player) -> tuple[bool, bool, bool, bool]:
    """The four colour criteria for a pair, True where the pair satisfies it."""
    differ = lo.preference != hi.preference
    imbalance = lo.imbalance < 2 or hi.imbalance < 2 or differ
    if lo.imbalance == hi.imbalance:
        repeat_ok = lo.repeated is None or lo.repeated != hi.repeated
    else:
        heavier_other = hi if lo.imbalance > hi.imbalance else lo
        repeat_ok = heavier_other.repeated != invert(lo.preference)
    absolute = not lo.absolute or not hi.absolute or differ or repeat_ok
    preference = differ or lo.preference is None or hi.preference is None
    strong = ((not lo.strong and not lo.absolute) or (not hi.strong and not hi.absolute)
              or (lo.absolute and hi.absolute) or differ)  # fmt: skip
    return imbalance, absolute, preference, strong


class Weights:
    """Per-round context of the weights: field widths, score group shifts, the bye assignee's score."""

    def __init__(self, state: RoundState) -> None:
        self.state = state
        players = state.players
        self.shift: dict[int, int] = {}
        total, largest, run = 0, 0, 0
        for index in range(len(players) - 1, -1, -1):  # from the lowest score group up
            run += 1
            score = players[index].acc
            if index == 0 or players[index - 1].acc > score:
                self.shift[score] = total
                total += run.bit_length()
                largest, run = max(largest, run), 0
        self.groups_bits = total
        self.size_bits = largest.bit_length()
        self.bye_score = 0
        self.single = False
        self.ranks: dict[int, int] = {}
        rounds_back = min(state.played, 2)  # float history fields exist for the last two rounds at most
        sb, gb = self.size_bits, self.groups_bits
        self.rank_shift = sb + gb + sb + gb + 2 * sb  # below the completion field, down to the C9 field
        self.low_bits = 4 * sb + rounds_back * (2 * sb + 2 * gb) + 3 * sb + 1  # colours, floats, order
        points = state.points
        self.top_threshold = (state.played * max(points.win, points.draw)) >> 1
        self.last_round = state.played >= state.total - 1

    def compatible(self, a: Player, b: Player) -> bool:
        """The absolute criteria on a pair: no rematch, no forbidden pair, no clash of absolute colour preferences
        (except for a topscorer in the last round)."""
        if b.number in self.state.forbidden[a.number]:
            return False
        if not (a.absolute and b.absolute and a.preference == b.preference):
            return True
        return self.last_round and (a.acc > self.top_threshold or b.acc > self.top_threshold)

    def candidate(self, player: Player) -> bool:
        return player.eligible and player.acc <= self.bye_score

    def completion(self, hi: Player, lo: Player, top_score: int) -> int:
        """Weights of the first matching (odd number of players): find the lowest score the bye can go to."""
        if not self.compatible(hi, lo):
            return 0
        weight = 1 + (not hi.eligible) + (not lo.eligible)
        weight = (weight << self.groups_bits) | (self.shift[lo.acc] + self.shift[hi.acc])
        return (weight << self.size_bits) | (lo.acc >= top_score)

    def coarse(self, hi: Player, lo: Player) -> int:
        """``edge(hi, lo, False, False)``: a pair outside the brackets being paired, where only completion, the bye
        and C9 count (computed directly: it is asked for every pair of the round)."""
        if not self.compatible(hi, lo):
            return 0
        weight = (1 + (not self.candidate(hi)) + (not self.candidate(lo))) << self.rank_shift
        if self.single:
            weight += self.ranks[hi.played_games] if hi.acc == self.bye_score else 0
            weight += self.ranks[lo.played_games] if lo.acc == self.bye_score else 0
        return weight << self.low_bits

    # hot loop: one call per possible pair in the brackets being paired
    def edge(self, hi: Player, lo: Player, current: bool, following: bool) -> int:
        if not self.compatible(hi, lo):
            return 0
        sb, gb, shift = self.size_bits, self.groups_bits, self.shift
        weight = 1 + (not self.candidate(hi)) + (not self.candidate(lo))
        weight = (weight << sb) | current
        weight <<= gb
        if current:
            weight |= 1 << shift[hi.acc]
        weight = (weight << sb) | following
        weight <<= gb
        if following:
            weight |= 1 << shift[hi.acc]
        weight <<= 2 * sb
        if self.single:
            if hi.acc == self.bye_score:
                weight |= self.ranks[hi.played_games]
            if lo.acc == self.bye_score:
                weight += self.ranks[lo.played_games]
        for satisfied in _colour_fields(lo, hi):
            weight = (weight << sb) | (current and satisfied)
        played = self.state.played
        for back in (0, 1)[: min(played, 2)]:
            weight <<= sb
            if current:
                weight |= lo.floats[back] == "D"
                weight += hi.acc <= lo.acc and hi.floats[back] == "D"
            weight = (weight << sb) | (current and not (hi.acc > lo.acc and lo.floats[back] == "U"))
        for back in (0, 1)[: min(played, 2)]:
            weight <<= gb
            if current:
                weight += (lo.floats[back] == "D") << shift[lo.acc]
                weight += (hi.floats[back] == "D") << shift[hi.acc]
            weight <<= gb
            if current and not (lo.floats[back] == "U" and hi.acc > lo.acc):
                weight |= 1 << shift[hi.acc]
        return weight << (3 * sb + 1)
