"""Maximum-weight perfect matching on a dense graph, re-solved cheaply after the edges of a few vertices change.

The primal-dual blossom algorithm of Edmonds as presented by Galil ("Efficient algorithms for finding maximum
matching in graphs", 1986): vertex duals ``u``, blossom duals ``z``, slack ``u_x + u_y - w`` between top-level
blossoms (inside a blossom the duals of the blossoms keep the edges tight). Weights are Python integers of any
size, because the Dutch criteria are packed into one lexicographic number, and are stored doubled so that all
duals stay integers; 0 means "no edge".

The Dutch engine pairs a round through a series of matchings that differ in the edges of one vertex at a time, so
:meth:`Matcher.set_weights` only marks that vertex and :meth:`Matcher.solve` starts from the previous optimum:

* a marked vertex outside any blossom whose partner is still a best choice keeps it; only its dual moves;
* any other marked vertex is freed (unmatched, the blossoms around it dissolved, each vertex inheriting half the
  dissolved duals so that no slack turns negative) and re-augmented: O(k·n²) for k changed vertices, not O(n³);
* exposed vertices joined by a tight edge are paired at once, before any tree is grown;
* the search scans vertices of ``level`` 0 (the brackets being paired) before the others: the players far below
  are all joined by equally weighted, hence tight, edges, where a search would otherwise wander;
* when every edge changed, duals restart at half of each vertex's heaviest edge, so equal edges start tight.

Every stage starts with all exposed vertices at even duals; with even weights every alternating tree then keeps
one parity, so ``slack / 2`` and ``z / 2`` stay integers (the same device as bbpPairings' matching computer).
"""

from __future__ import annotations

from pairing.dutch.blossoms import FREE, NONE, Blossoms, S, T


class NoPerfectMatching(Exception):
    """The graph has no perfect matching."""


class Matcher(Blossoms):
    """Vertices 0..n-1 (n even); blossoms get ids n..2n-1. ``mate[v]``: the partner of v after :meth:`solve`."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.w = [[0] * n for _ in range(n)]
        self.mate = [-1] * n
        self.u = [0] * n
        self.z = [0] * (2 * n)
        self.parent = [-1] * (2 * n)
        self.childs: list[list[int]] = [[] for _ in range(2 * n)]
        self.edges: list[list[tuple[int, int]]] = [[] for _ in range(2 * n)]
        self.base = list(range(n)) + [-1] * n
        self.top = list(range(n))
        self.spare = list(range(2 * n - 1, n - 1, -1))
        self.dirty: set[int] = set(range(n))
        self.active = list(range(n))  # vertices not yet taken out with their partner
        # Where augmenting paths are likely: level 0 (the brackets being paired) is searched before level 1.
        # It keeps the search out of the many equally tight edges among players whose pairs do not matter yet.
        self.level = [0] * n
        self.blossom_leaves: list[list[int]] = [[v] for v in range(n)] + [[] for _ in range(n)]

    def set_weights(self, v: int, weights: dict[int, int]) -> None:
        """Change the edges between v and the given vertices (weight 0 removes an edge)."""
        row, w = self.w[v], self.w
        for x, weight in weights.items():
            row[x] = w[x][v] = 2 * weight
        self.dirty.add(v)

    def remove(self, v: int, x: int) -> None:
        """Take the matched pair v-x out of the graph for good (their other edges are dropped)."""
        for y in (v, x):
            self._free_vertex(y)
        self.dirty -= {v, x}
        for y in (v, x):
            row = self.w[y]
            for other in self.active:
                if row[other] and other not in (v, x):
                    row[other] = self.w[other][y] = 0
        self.active = [y for y in self.active if y not in (v, x)]
        self.mate[v], self.mate[x] = x, v
        self.u[v], self.u[x] = self.w[v][x], 0

    def solve(self) -> list[int]:
        if len(self.dirty) == len(self.active):
            self._restart()
        for v in sorted(self.dirty):
            if not self._keep(v):
                self._free_vertex(v)
        self.dirty.clear()
        self._pair_tight_roots()
        self._pair_tight_paths()
        self._even_roots()
        while self._stage():
            pass
        return self.mate

    def _restart(self) -> None:
        """Every edge changed: start over with each dual at half the vertex's heaviest edge, so that edges of equal
        weight start tight and the pre-pass pairs most vertices before any tree is grown."""
        n, w = self.n, self.w
        for b in range(n, 2 * n):
            if self.base[b] >= 0:
                self._release(b)
        self.spare = list(range(2 * n - 1, n - 1, -1))
        self.top = list(range(n))
        self.parent = [-1] * (2 * n)
        for v in self.active:  # pairs already taken out keep their partner
            row = w[v]
            self.mate[v] = -1
            self.u[v] = max([row[x] for x in self.active if row[x]], default=0) // 2
        self.dirty.clear()

    def _keep(self, v: int) -> bool:
        """A vertex outside any blossom whose partner is still a best choice keeps it: only its dual moves."""
        if self.top[v] != v:
            return False
        row, u = self.w[v], self.u
        best = max([row[x] - u[x] for x in self.active if row[x]], default=0)
        mate = self.mate[v]
        if mate >= 0 and not (row[mate] and row[mate] - u[mate] == best):
            return False
        u[v] = best
        return True

    def _free_vertex(self, v: int) -> None:
        b = self.top[v]
        partner = self.mate[self.base[b]]
        if partner >= 0:
            self.mate[partner] = -1
            self.mate[self.base[b]] = -1
        if b != v:
            self._augment_blossom(b, v)
            self.mate[v] = -1
            self._dissolve_above(v, gifts=True)
        row, u = self.w[v], self.u
        self.u[v] = max([row[x] - u[x] for x in self.active if row[x]], default=0)

    def _pair_tight_roots(self) -> None:
        """Match exposed vertices joined by a tight edge: each such edge alone is an augmenting path, and taking it
        first saves growing trees through the many tight edges of equally weighted players."""
        exposed = [v for v in self.active if self.mate[v] == -1 and self.top[v] == v]
        u, w = self.u, self.w
        for v in exposed:
            if self.mate[v] != -1:
                continue
            row, uv = w[v], u[v]
            for x in exposed:
                if x != v and self.mate[x] == -1 and row[x] and uv + u[x] == row[x]:
                    self.mate[v], self.mate[x] = x, v
                    break

    def _pair_tight_paths(self) -> None:
        """Augment along tight paths exposed - matched pair - exposed (all outside blossoms): after the edges of a
        bracket change, most of the new pairs are one such swap away, found without growing trees."""
        exposed = [v for v in self.active if self.mate[v] == -1 and self.top[v] == v]
        mate, top, u, w = self.mate, self.top, self.u, self.w
        for r in exposed:
            if mate[r] != -1:
                continue
            row, ur = w[r], u[r]
            for a in self.active:
                weight = row[a]
                if not weight or ur + u[a] != weight or top[a] != a:
                    continue
                b = mate[a]
                if b < 0 or top[b] != b:
                    continue
                row_b, ub = w[b], u[b]
                other = next((x for x in exposed if x != r and mate[x] == -1 and row_b[x] and ub + u[x] == row_b[x]), -1)
                if other >= 0:
                    mate[r], mate[a], mate[b], mate[other] = a, r, other, b
                    break

    def _even_roots(self) -> None:
        """Make every exposed vertex's dual even (see the module notes)."""
        for v in self.active:
            if self.mate[v] != -1 or self.u[v] % 2 == 0 or self.base[self.top[v]] != v:
                continue
            c = self.top[v]
            while c >= self.n and self.z[c] == 0:
                c = self.childs[c][0]
            self._dissolve_above(c, gifts=False)
            if c >= self.n:
                self.z[c] -= 2
            for leaf in self.leaves(c):
                self.u[leaf] += 1

    # --- one stage: grow alternating trees from the exposed vertices until an augmenting path appears ------------
    def _stage(self) -> bool:
        n = self.n
        roots = [v for v in self.active if self.mate[v] == -1 and self.base[self.top[v]] == v]
        if not roots:
            return False
        self.label = [FREE] * (2 * n)
        self.labeledge: list[tuple[int, int] | None] = [None] * (2 * n)
        self.bestedge: list[tuple[int, int] | None] = [None] * (2 * n)
        self.bestslack = [NONE] * (2 * n)
        self.bestlist: list[list[tuple[int, int]] | None] = [None] * (2 * n)
        self.queues: list[list[int]] = [[], []]  # vertices to scan, by ``level`` (0 first)
        for v in roots:
            self._assign(v, S, None)
        while not self._scan():
            self._adjust_duals()
        for b in range(n, 2 * n):
            if self.parent[b] == -1 and self.base[b] >= 0 and self.label[b] == S and self.z[b] == 0:
                self._expand(b, endstage=True)
        return True

    def _push(self, vertices: list[int]) -> None:
        level, queues = self.level, self.queues
        for v in vertices:
            queues[level[v]].append(v)

    def _slack(self, edge: tuple[int, int]) -> int:
        x, y = edge
        return self.u[x] + self.u[y] - self.w[x][y]

    def _assign(self, x: int, label: int, edge: tuple[int, int] | None) -> None:
        b = self.top[x]
        self.label[x] = self.label[b] = label
        self.labeledge[x] = self.labeledge[b] = edge
        self.bestedge[x] = self.bestedge[b] = None
        self.bestslack[x] = self.bestslack[b] = NONE
        if label == S:
            self._push(self.leaves(b))
        else:
            base = self.base[b]
            self._assign(self.mate[base], S, (base, self.mate[base]))

    # hot loop: scanning every neighbour of every S-vertex is where a solve spends its time
    def _scan(self) -> bool:
        """Grow the trees along tight edges; True once the matching was augmented."""
        top, label, u, bestedge, bestslack = self.top, self.label, self.u, self.bestedge, self.bestslack
        active, queues, w = self.active, self.queues, self.w
        while queues[0] or queues[1]:
            v = (queues[0] or queues[1]).pop()
            row, uv, bv = w[v], u[v], top[v]
            for x in active:
                weight = row[x]
                if not weight:
                    continue
                bx = top[x]
                if bv == bx:
                    continue
                lx = label[bx]
                if lx == T and label[x] != FREE:
                    continue  # already reached: nothing to learn from this edge
                slack = uv + u[x] - weight
                if slack <= 0:
                    if lx == FREE:
                        self._assign(x, T, (v, x))
                    elif lx == S:
                        base = self._scan_blossom(v, x)
                        if base < 0:
                            self._augment(v, x)
                            return True
                        self._add_blossom(base, v, x)
                        bv = top[v]
                    else:
                        label[x], self.labeledge[x] = T, (v, x)
                elif lx == S:
                    if slack < bestslack[bv]:
                        bestedge[bv], bestslack[bv] = (v, x), slack
                elif slack < bestslack[x]:  # x is free, or not yet reached inside a T-blossom
                    bestedge[x], bestslack[x] = (v, x), slack
        return False

    def _adjust_duals(self) -> None:
        n, label, top, bestedge, bestslack = self.n, self.label, self.top, self.bestedge, self.bestslack
        delta, kind, item = None, 0, None
        for x in self.active:
            if bestedge[x] is not None and label[top[x]] == FREE and (delta is None or bestslack[x] < delta):
                delta, kind, item = bestslack[x], 2, bestedge[x]
        blossoms = [b for b in range(n, 2 * n) if self.parent[b] == -1 and self.base[b] >= 0]
        for b in [*self.active, *blossoms]:
            if top[self.base[b]] != b:
                continue
            if label[b] == S and bestedge[b] is not None and (delta is None or bestslack[b] // 2 < delta):
                delta, kind, item = bestslack[b] // 2, 3, bestedge[b]
            if b >= n and label[b] == T and (delta is None or self.z[b] // 2 < delta):
                delta, kind, item = self.z[b] // 2, 4, b
        if delta is None:
            raise NoPerfectMatching("no perfect matching")
        self._move_duals(delta, blossoms)
        if kind == 4:
            self._expand(item, endstage=False)
        else:
            x, y = item
            self._push([x if label[top[x]] == S else y])

    def _move_duals(self, delta: int, blossoms: list[int]) -> None:
        label, top, u, bestedge, bestslack = self.label, self.top, self.u, self.bestedge, self.bestslack
        for x in self.active:
            mark = label[top[x]]
            if mark == S:
                u[x] -= delta
                if top[x] == x and bestedge[x] is not None:
                    bestslack[x] -= 2 * delta
            elif mark == T:
                u[x] += delta
            elif bestedge[x] is not None:
                bestslack[x] -= delta
        for b in blossoms:
            if label[b] == S:
                self.z[b] += 2 * delta
                if bestedge[b] is not None:
                    bestslack[b] -= 2 * delta
            elif label[b] == T:
                self.z[b] -= 2 * delta
