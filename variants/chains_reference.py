"""Today's per-piece chain decision (before issue 15), kept verbatim as the reference for the per-position index.

:func:`forms_chain_reference` rebuilds the piece graph and its biconnected blocks for every question; the
per-position index in :mod:`variants.chains` (``chain_squares``) answers every piece from one build. The property
test tests/variants/test_chains_index_matches_reference.py and benchmarks/chains.py compare the two side by side.
The method (planar blocks, virtual centres, split diagonal pairs) is explained in :mod:`variants.chains`.
"""

from __future__ import annotations

from collections.abc import Iterator

from variants.chains import _BORDER, _NEIGHBOURS, _VIRTUAL, BOARD, _crossing_diagonal, _file, _rank


def _piece_graph(occupied: int) -> dict[int, set[int]]:
    """King-adjacency between pieces, made planar.

    Where a 2x2 block holds four pieces its two diagonals would cross; both are replaced by a virtual node in the
    block's centre joined to the four corners. A simple cycle passes that node at most once, so it uses at most
    one diagonal, as a drawn chain must; a cycle turning there (corner, centre, neighbouring corner) stands for
    the orthogonal link and surrounds the same squares.
    """
    graph: dict[int, set[int]] = {}
    bits = occupied
    while bits:
        low = bits & -bits
        sq = low.bit_length() - 1
        bits ^= low
        graph[sq] = set()
    for sq in range(64):
        f, r = _file(sq), _rank(sq)
        if sq in graph and f < 7 and sq + 1 in graph:
            graph[sq].add(sq + 1)
            graph[sq + 1].add(sq)
        if sq in graph and r < 7 and sq + 8 in graph:
            graph[sq].add(sq + 8)
            graph[sq + 8].add(sq)
        if f < 7 and r < 7:
            corners = (sq, sq + 1, sq + 8, sq + 9)
            present = [c for c in corners if c in graph]
            if len(present) == 4:
                centre = _VIRTUAL + sq
                graph[centre] = set(corners)
                for c in corners:
                    graph[c].add(centre)
                continue
            if sq in graph and sq + 9 in graph:
                graph[sq].add(sq + 9)
                graph[sq + 9].add(sq)
            if sq + 1 in graph and sq + 8 in graph:
                graph[sq + 1].add(sq + 8)
                graph[sq + 8].add(sq + 1)
    return graph


def _blocks_containing(graph: dict[int, set[int]], root: int) -> list[set[frozenset[int]]]:
    """The biconnected blocks (as edge sets) of ``graph`` that contain ``root`` (Tarjan, iterative)."""
    index: dict[int, int] = {root: 0}
    low: dict[int, int] = {root: 0}
    counter = 1
    edge_stack: list[frozenset[int]] = []
    blocks: list[set[frozenset[int]]] = []
    stack: list[tuple[int, int | None, Iterator[int]]] = [(root, None, iter(graph[root]))]
    while stack:
        node, parent, children = stack[-1]
        advanced = False
        for child in children:
            if child == parent:
                continue
            if child not in index:
                index[child] = low[child] = counter
                counter += 1
                edge_stack.append(frozenset((node, child)))
                stack.append((child, node, iter(graph[child])))
                advanced = True
                break
            if index[child] < index[node]:
                edge_stack.append(frozenset((node, child)))
                low[node] = min(low[node], index[child])
        if advanced:
            continue
        stack.pop()
        if parent is None:
            continue
        low[parent] = min(low[parent], low[node])
        if low[node] >= index[parent]:
            # parent separates node's subtree: pop one block.
            block: set[frozenset[int]] = set()
            tree_edge = frozenset((parent, node))
            while edge_stack:
                edge = edge_stack.pop()
                block.add(edge)
                if edge == tree_edge:
                    break
            if any(root in edge for edge in block):
                blocks.append(block)
    return blocks


def _enclosed(block: set[frozenset[int]]) -> tuple[int, set[frozenset[int]]]:
    """Squares inside the block's outer boundary (bounded faces), and the block's diagonal links."""
    vertices: set[int] = set()
    for edge in block:
        vertices |= edge
    diagonals = {e for e in block if all(v < 64 for v in e) and len({_file(v) for v in e}) == 2}
    diagonals = {e for e in diagonals if len({_rank(v) for v in e}) == 2}
    centres = {v - _VIRTUAL for v in vertices if v >= _VIRTUAL}
    walls = {v for v in vertices if v < 64}

    def blocked_diagonal(a: int, b: int) -> bool:
        lower_left = min(_rank(a), _rank(b)) * 8 + min(_file(a), _file(b))
        return lower_left in centres or frozenset(_crossing_diagonal(a, b)) in diagonals

    seen = 0
    todo = [sq for sq in _BORDER if sq not in walls]
    for sq in todo:
        seen |= 1 << sq
    while todo:
        sq = todo.pop()
        for nxt in _NEIGHBOURS[sq]:
            if seen >> nxt & 1 or nxt in walls:
                continue
            if _file(nxt) != _file(sq) and _rank(nxt) != _rank(sq) and blocked_diagonal(sq, nxt):
                continue
            seen |= 1 << nxt
            todo.append(nxt)
    wall_bits = sum(1 << v for v in walls)
    return BOARD & ~seen & ~wall_bits, diagonals


def _diagonal_pairs(squares: int) -> Iterator[tuple[int, int]]:
    bits = squares
    while bits:
        low = bits & -bits
        sq = low.bit_length() - 1
        bits ^= low
        for nxt in (sq + 7, sq + 9):
            if nxt < 64 and abs(_file(nxt) - _file(sq)) == 1 and squares >> nxt & 1:
                yield sq, nxt


def _orthogonal_pair(squares: int) -> bool:
    not_h = 0x7F7F7F7F7F7F7F7F
    return bool(squares & (((squares & not_h) << 1) | (squares << 8)) & BOARD)


def forms_chain_reference(occupied: int, square: int) -> bool:
    """Whether the piece on ``square`` is part of some chain on this board."""
    if not occupied >> square & 1:
        return False
    graph = _piece_graph(occupied)
    split_pairs: list[tuple[int, int, frozenset[int]]] = []
    for block in _blocks_containing(graph, square):
        if len(block) < 3:
            continue  # a bridge: no cycle
        inside, diagonals = _enclosed(block)
        empty = inside & ~occupied
        if _orthogonal_pair(empty):
            return True
        for a, b in _diagonal_pairs(empty):
            wall = frozenset(_crossing_diagonal(a, b))
            if wall not in diagonals:
                return True
            split_pairs.append((a, b, wall))
    # Two diagonal neighbours on either side of one of the block's diagonal links: a loop around both cannot
    # use that link, so ask again without it.
    for a, b, wall in split_pairs:
        x, y = tuple(wall)
        graph[x].discard(y)
        graph[y].discard(x)
        try:
            for block in _blocks_containing(graph, square):
                if len(block) >= 3:
                    inside, _ = _enclosed(block)
                    if inside >> a & 1 and inside >> b & 1:
                        return True
        finally:
            graph[x].add(y)
            graph[y].add(x)
    return False
