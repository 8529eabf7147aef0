"""Blossoms of the Dutch engine's matcher: shrinking an odd alternating cycle into one vertex, re-basing it when
a path is augmented through it, and expanding it again (Galil's presentation of Edmonds' algorithm).

A blossom ``b`` (ids n..2n-1) lists its sub-blossoms ``childs[b]`` around the cycle, starting with the one holding
its base, and ``edges[b][i]`` joins ``childs[b][i]`` to the next one (first vertex in the i-th child). Every other
edge of the cycle is matched, starting with the second, so the base is matched outside the blossom or exposed.
"""

from __future__ import annotations

FREE, S, T = 0, 1, 2
NONE = 1 << 65536  # "no best edge yet": larger than any slack, so one comparison decides


class Blossoms:
    """The blossom operations of :class:`~pairing.dutch.matching.Matcher`, which holds the state."""

    n: int
    mate: list[int]
    u: list[int]
    z: list[int]
    w: list[list[int]]
    parent: list[int]
    childs: list[list[int]]
    edges: list[list[tuple[int, int]]]
    base: list[int]
    top: list[int]
    spare: list[int]
    active: list[int]
    blossom_leaves: list[list[int]]
    label: list[int]
    labeledge: list[tuple[int, int] | None]
    bestedge: list[tuple[int, int] | None]
    bestslack: list[int]
    bestlist: list[list[tuple[int, int]] | None]

    def _assign(self, x: int, label: int, edge: tuple[int, int] | None) -> None:
        raise NotImplementedError

    def _push(self, vertices: list[int]) -> None:
        raise NotImplementedError

    # --- blossom bookkeeping -----------------------------------------------------------------------------------
    def leaves(self, b: int) -> list[int]:
        return self.blossom_leaves[b]

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
            self.bestlist[child], self.bestedge[child], self.bestslack[child] = None, None, NONE
        self.bestlist[b] = [edge for _, edge in best.values()]
        if best:
            self.bestslack[b], self.bestedge[b] = min(best.values())
        else:
            self.bestedge[b], self.bestslack[b] = None, NONE

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
        self.bestslack[b] = NONE
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
        self.bestedge[c0], self.bestslack[c0] = None, NONE
        for index in range(k):
            child = childs[index]
            if index in on_path or self.label[child] == S:
                continue
            reached = next((v for v in self.leaves(child) if self.label[v] != FREE), None)
            if reached is not None:
                self._assign(reached, T, self.labeledge[reached])
