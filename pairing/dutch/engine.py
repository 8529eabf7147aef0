"""The Dutch system, bracket by bracket, as a series of maximum-weight matchings (the method of bbpPairings).

One matching over all players still to pair carries every criterion in its weights (:mod:`.weights`), so the
completion criterion (the rest of the round can still be paired) holds at every step. Bracket by bracket the
engine then fixes what C.04.3 leaves to the order of candidates, one decision at a time, by giving
the preferred choice a small bonus in the lowest bits and solving again:

1. which moved-down players (MDPs) are paired in the bracket: the highest first;
2. their opponents: each MDP, from the highest, the highest resident available (S1 against S2 in order);
3. the remainder: as few exchanges between S1 and S2 as possible, then the smallest difference in pairing numbers,
   then the lowest S1 players and the highest S2 players moved;
4. then each S1 player, in order, the highest S2 player available (transpositions in lexicographic order).

Every choice is then final (the pair is taken out of the graph). Players left unpaired move down as MDPs.
"""

from __future__ import annotations

from pairing.dutch.bracket import pair_bracket
from pairing.dutch.matching import Matcher, NoPerfectMatching
from pairing.dutch.state import Player, RoundState
from pairing.dutch.weights import Weights


class NoValidPairing(Exception):
    """No pairing of the round satisfies the absolute criteria."""


class Engine:
    def __init__(self, state: RoundState) -> None:
        self.state = state
        self.players = state.players
        self.n = len(self.players)
        self.weights = Weights(state)
        self.dummy = self.n if self.n % 2 else -1  # the bye: the player matched to the dummy vertex
        self.matcher = Matcher(self.n + (self.n % 2))
        self.mate: list[int] = []
        self.partner: dict[int, int] = {}  # vertex -> vertex, final pairs

    def score(self, vertex: int) -> int:
        return self.players[vertex].acc

    def solve(self) -> None:
        try:
            self.mate = list(self.matcher.solve())  # a snapshot: finalizing a pair edits the live one
        except NoPerfectMatching:
            raise NoValidPairing("the players cannot all be paired under the absolute criteria") from None

    def set_row(self, v: int, weights: dict[int, int]) -> None:
        self.matcher.set_weights(v, weights)

    def finalize(self, v: int, x: int) -> None:
        self.partner[v], self.partner[x] = x, v
        self.matcher.remove(v, x)

    # --- the first matching: can the round be paired at all, and where does the bye go? -----------------------
    def start(self) -> None:
        """Every pair gets its coarse weight; with an odd number of players the bye's score and C9 are settled
        first. The first bracket's matching checks that the round can be paired at all."""
        players, w, n = self.players, self.weights, self.n
        self.compatible = [[w.compatible(players[i], players[j]) for i in range(j)] for j in range(n)]
        if n % 2:
            self._bye_context(players[0].acc)
        for j in range(n):
            row = {i: w.coarse(players[i], players[j]) if self.compatible[j][i] else 0 for i in range(j)}
            if n % 2:
                row[self.dummy] = 1
            self.set_row(j, row)
        if n % 2:
            self.set_row(self.dummy, {})

    def _pairable(self, bye_takers: list[int], allowed=lambda i, j: True) -> bool:
        """Can everyone be paired (allowed, compatible pairs) with one of ``bye_takers`` left for the bye?"""
        matcher = Matcher(self.n + 1)
        for j in range(self.n):
            matcher.set_weights(j, {i: 1 for i in range(j) if self.compatible[j][i] and allowed(i, j)})
        matcher.set_weights(self.n, dict.fromkeys(bye_takers, 1))
        try:
            matcher.solve()
        except NoPerfectMatching:
            return False
        return True

    def _bye_context(self, top: int) -> None:
        """C.04.3: the bye goes to an eligible player of the lowest score it can go to with everyone else paired;
        C9 (fewest unplayed games) applies when that is the top group and the top group can pair among itself."""
        w, players = self.weights, self.players
        for score in sorted({p.acc for p in players}):
            takers = [v for v in range(self.n) if players[v].acc == score and players[v].eligible]
            if takers and self._pairable(takers):
                break
        else:
            raise NoValidPairing("no player who may receive the pairing-allocated bye can be left unpaired")
        w.bye_score = score
        if score >= top:
            w.single = self._pairable(takers, lambda i, j: (players[i].acc >= top) == (players[j].acc >= top))
        counts = sorted((p.played_games for p in players if p.acc == w.bye_score), reverse=True)
        w.ranks = {count: rank for rank, count in enumerate(counts)}

    # --- the bracket loop --------------------------------------------------------------------------------------
    def run(self) -> dict[int, int]:
        self.start()
        n = self.n
        nxt = 0
        window: list[int] = []
        while nxt < n and self.score(nxt) >= self.score(0):
            window.append(nxt)
            nxt += 1
        self.movers = 0  # MDPs at the start of the window
        self.first = 0  # vertex of the first resident of the current bracket
        self.matched = [False] * n
        while len(window) > 1 or nxt < n:  # until every score group has been a bracket and at most the bye is left
            self.size = len(window)  # the current bracket: MDPs and residents
            self.next_first = self.first + (self.size - self.movers)
            group_start = nxt
            while nxt < n and self.score(nxt) >= self.score(group_start):
                window.append(nxt)
                nxt += 1
            self.window = window
            level = self.matcher.level = [1] * self.matcher.n
            for v in window:
                level[v] = 0
            self._bracket()
            window = self._advance(group_start)
        return self.partner

    def in_bracket(self, vertex: int) -> bool:
        return self.first <= vertex < self.next_first

    def _bracket(self) -> None:
        pair_bracket(self)

    def _advance(self, group_start: int) -> list[int]:
        """Record the pairs made; the unpaired players of the bracket move down into the next one."""
        window, kept, movers = self.window, [], 0
        w = self.weights
        w.single = bool(self.n % 2 and group_start < self.n and w.bye_score >= self.score(group_start))
        for position, v in enumerate(window):
            if position < self.size and self.matched[v]:
                continue
            kept.append(v)
            movers += position < self.size
            mate = self.mate[v]
            if w.single and mate != self.dummy and mate < self.n and self.score(mate) < self.score(group_start):
                w.single = False
        self.movers = movers
        self.first = self.next_first
        return kept


def pair_round(state: RoundState) -> tuple[list[tuple[Player, Player]], Player | None]:
    """The pairs (unordered, colours not yet given) and the player with the pairing-allocated bye."""
    engine = Engine(state)
    if engine.n == 0:
        return [], None
    if engine.n == 1:
        if not state.players[0].eligible:
            raise NoValidPairing("the only player to pair may not receive the pairing-allocated bye")
        return [], state.players[0]
    partner = engine.run()
    pairs = [(state.players[v], state.players[x]) for v, x in partner.items() if v < x]
    unpaired = [state.players[v] for v in range(engine.n) if v not in partner]
    return pairs, unpaired[0] if unpaired else None
