"""Maximum-weight perfect matching on a dense graph, re-solved cheaply after the edges of a few vertices change.

The primal-dual blossom algorithm of Edmonds as presented by Galil ("Efficient algorithms for finding maximum
matching in graphs", 1986): vertex duals ``u``, blossom duals ``z``, slack ``u_x + u_y - w`` between top-level
blossoms (inside a blossom the duals of the blossoms keep the edges tight). Weights are Python integers of any
size, because the Dutch criteria are packed into one lexicographic number, and are stored doubled so that all
duals stay integers; 0 means "no edge".

The Dutch engine pairs a round through a series of matchings that differ in the edges of one vertex at a time, so
:meth:`Matcher.set_weights` only marks that vertex, and :meth:`Matcher.solve` first frees it (unmatching it and
dissolving the blossoms around it, each vertex inheriting half the dissolved duals so no slack turns negative),
then augments from the few exposed vertices that result instead of starting over: O(k·n²) for k changed vertices
instead of O(n³). Every stage starts with all exposed vertices at even duals; with even weights every alternating
tree then keeps one parity, so ``slack / 2`` and ``z / 2`` stay integers.
"""

from __future__ import annotations

FREE, S, T = 0, 1, 2


class NoPerfectMatching(Exception):
    """The graph has no perfect matching."""


class Matcher:
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

    # --- blossom bookkeeping -----------------------------------------------------------------------------------
    def leaves(self, b: int) -> list[int]:
        return self.blossom_leaves[b]

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

    def _release(self, b: int) -> None:
        self.childs[b], self.edges[b], self.blossom_leaves[b] = [], [], []
        self.base[b], self.z[b], self.parent[b] = -1, 0, -1
        self.spare.append(b)

    def _dissolve_above(self, c: int, gifts: bool) -> None:
        """Dissolve every blossom above c (c holds the exposed base). With ``gifts`` each vertex gets half of the
        duals of the dissolved blossoms that held it, which keeps every slack non-negative and tight edges tight."""
        chain = []
        b = c
        while self.parent[b] != -1:
            b = self.parent[b]
            chain.append(b)
        share = 0
        for level in range(len(chain) - 1, -1, -1):
            blossom = chain[level]
            share += self.z[blossom] // 2 if gifts else 0
            inner = chain[level - 1] if level else c
            for child in self.childs[blossom]:
                self.parent[child] = -1
                if child != inner:
                    for leaf in self.leaves(child):
                        self.u[leaf] += share
                        self.top[leaf] = child
            self._release(blossom)
        for leaf in self.leaves(c):
            self.u[leaf] += share
            self.top[leaf] = c

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

    def _augment_blossom(self, b: int, v: int) -> None:
        """Swap matched and unmatched edges inside b along the even path so that v becomes its base."""
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self._augment_blossom(t, v)
        childs, edges = self.childs[b], self.edges[b]
        k, i = len(childs), childs.index(t)
        steps = range(i - 2, -1, -2) if i % 2 == 0 else range(i + 1, k, 2)
        for j in steps:
            x, y = edges[j]
            cx, cy = childs[j], childs[(j + 1) % k]
            if cx >= self.n:
                self._augment_blossom(cx, x)
            if cy >= self.n:
                self._augment_blossom(cy, y)
            self.mate[x], self.mate[y] = y, x
        self.childs[b], self.edges[b] = childs[i:] + childs[:i], edges[i:] + edges[:i]
        self.base[b] = v

    # --- one stage: grow alternating trees from the exposed vertices until an augmenting path appears ------------
    def _stage(self) -> bool:
        n = self.n
        roots = [v for v in self.active if self.mate[v] == -1 and self.base[self.top[v]] == v]
        if not roots:
            return False
        self.label = [FREE] * (2 * n)
        self.labeledge: list[tuple[int, int] | None] = [None] * (2 * n)
        self.bestedge: list[tuple[int, int] | None] = [None] * (2 * n)
        self.bestslack = [0] * (2 * n)
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
                    if bestedge[bv] is None or slack < bestslack[bv]:
                        bestedge[bv], bestslack[bv] = (v, x), slack
                elif label[x] == FREE and (bestedge[x] is None or slack < bestslack[x]):
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

    def _scan_blossom(self, v: int, x: int) -> int:
        """The base of the blossom closed by the S-S edge v-x, or -1 if v and x lie in different trees."""
        path, base = [], -1
        while v != -1:
            b = self.top[v]
            if self.label[b] & 4:
                base = self.base[b]
                break
            path.append(b)
            self.label[b] |= 4
            edge = self.labeledge[b]
            v = -1 if edge is None else self.labeledge[self.top[edge[0]]][0]
            if x != -1:
                v, x = x, v
        for b in path:
            self.label[b] = S
        return base

    def _add_blossom(self, base: int, v: int, x: int) -> None:
        top, labeledge = self.top, self.labeledge
        root = top[base]
        b = self.spare.pop()
        self.base[b], self.parent[b], self.parent[root] = base, -1, b
        side = []
        for start in (v, x):
            chain, edges, c = [], [], top[start]
            while c != root:
                self.parent[c] = b
                chain.append(c)
                edges.append(labeledge[c])
                c = top[labeledge[c][0]]
            side.append((chain, edges))
        (chain_v, edges_v), (chain_x, edges_x) = side
        self.childs[b] = [root, *reversed(chain_v), *chain_x]
        self.edges[b] = [*reversed(edges_v), (v, x), *((e[1], e[0]) for e in edges_x)]
        self.label[b], labeledge[b], self.z[b] = S, labeledge[root], 0
        self.blossom_leaves[b] = [leaf for child in self.childs[b] for leaf in self.blossom_leaves[child]]
        for leaf in self.leaves(b):
            if self.label[top[leaf]] == T:
                self._push([leaf])
            top[leaf] = b
        self._merge_best_edges(b)

    def _merge_best_edges(self, b: int) -> None:
        """The least-slack edge from the new S-blossom b to each other S-blossom (Galil's bookkeeping for delta 3)."""
        best: dict[int, tuple[int, tuple[int, int]]] = {}
        top, label, u, w = self.top, self.label, self.u, self.w
        for child in self.childs[b]:
            listed = self.bestlist[child]
            if listed is None:  # a vertex, or a blossom that was not S: look at all its edges
                for a in self.leaves(child):
                    row, ua = w[a], u[a]
                    for y in self.active:
                        weight = row[y]
                        if weight:
                            other = top[y]
                            if other != b and label[other] == S:
                                slack = ua + u[y] - weight
                                known = best.get(other)
                                if known is None or slack < known[0]:
                                    best[other] = (slack, (a, y))
            else:
                for a, y in listed:
                    other = top[y]
                    if other != b and label[other] == S:
                        slack = u[a] + u[y] - w[a][y]
                        known = best.get(other)
                        if known is None or slack < known[0]:
                            best[other] = (slack, (a, y))
            self.bestlist[child], self.bestedge[child] = None, None
        self.bestlist[b] = [edge for _, edge in best.values()]
        if best:
            self.bestslack[b], self.bestedge[b] = min(best.values())
        else:
            self.bestedge[b] = None

    def _augment(self, v: int, x: int) -> None:
        for s, j in ((v, x), (x, v)):
            while True:
                bs = self.top[s]
                if bs >= self.n:
                    self._augment_blossom(bs, s)
                self.mate[s] = j
                edge = self.labeledge[bs]
                if edge is None:
                    break
                bt = self.top[edge[0]]
                s, j = self.labeledge[bt]
                if bt >= self.n:
                    self._augment_blossom(bt, j)
                self.mate[j] = s

    def _expand(self, b: int, endstage: bool) -> None:
        for child in self.childs[b]:
            self.parent[child] = -1
            if child < self.n:
                self.top[child] = child
            elif endstage and self.z[child] == 0:
                self._expand(child, endstage)
            else:
                for leaf in self.leaves(child):
                    self.top[leaf] = child
        if not endstage and self.label[b] == T:
            self._relabel_expanded(b)
        self.label[b], self.labeledge[b], self.bestedge[b], self.bestlist[b] = FREE, None, None, None
        self._release(b)

    def _relabel_expanded(self, b: int) -> None:
        """A T-blossom expanded mid-stage: its children on the even path from the entry to the base keep the tree
        alternating (T, S, ..., T); the others become free unless an S-vertex already reaches them."""
        childs, edges = self.childs[b], self.edges[b]
        k = len(childs)
        edge = self.labeledge[b]
        entry = edge[1]
        while self.parent[entry] != -1:
            entry = self.parent[entry]
        j = childs.index(entry)
        step = 1 if j % 2 else -1
        on_path = {j % k}
        while j % k != 0:
            self._assign(edge[1], T, edge)
            if step == 1:
                edge = edges[(j + 1) % k]
            else:
                a, y = edges[j - 2]
                edge = (y, a)
            on_path.update({(j + step) % k, (j + 2 * step) % k})
            j += 2 * step
        c0 = childs[0]
        self.label[edge[1]] = self.label[c0] = T
        self.labeledge[edge[1]] = self.labeledge[c0] = edge
        self.bestedge[c0] = None
        for index in range(k):
            child = childs[index]
            if index in on_path or self.label[child] == S:
                continue
            reached = next((v for v in self.leaves(child) if self.label[v] != FREE), None)
            if reached is not None:
                self._assign(reached, T, self.labeledge[reached])
