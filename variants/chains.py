"""Chains of Switch-Side Chain-Chess (seed 004): pure geometry on an occupancy bitboard.

A *chain* is a closed loop of pieces of either colour, each passed once, that completely surrounds at least two
adjacent empty squares and contains the piece just moved (docs/rules/switch-side-chain-chess.md). Our reading:

* the loop is drawn through the centres of the squares; consecutive pieces are king-adjacent (orthogonal or
  diagonal step), the last one adjacent to the first;
* the drawn line is a simple closed curve: no piece twice (the seed's rule b) and no two diagonal links crossing
  inside one 2x2 block;
* a square is surrounded when its centre lies strictly inside that curve; two surrounded empty squares must be
  adjacent to each other (orthogonally or diagonally: the seed's Figure 1c).

Squares are python-chess indices (a1 = 0, h8 = 63); ``occupied`` is a 64-bit int with bit ``sq`` set when a
piece stands on ``sq``.

:func:`forms_chain` answers in well under a millisecond without listing loops: it uses the planar-graph fact
that a vertex of a 2-connected plane graph lies on a cycle around any bounded face of that graph (take two
disjoint paths from the vertex to the outer boundary; they split the inside in two, one part holding the face).
So a chain through ``square`` exists iff, in some biconnected block of the piece graph containing ``square``, two
adjacent empty squares lie in one bounded face. :func:`chains_through` is the slow, obvious enumeration, kept to
cross-check the fast answer in tests.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

BOARD = (1 << 64) - 1
_VIRTUAL = 64  # node id 64 + sq: the crossing point of the two diagonals of the 2x2 block whose lower-left is sq


def _file(sq: int) -> int:
    return sq & 7


def _rank(sq: int) -> int:
    return sq >> 3


def _king_neighbours(sq: int) -> list[int]:
    f, r = _file(sq), _rank(sq)
    return [(r + dr) * 8 + f + df for dr in (-1, 0, 1) for df in (-1, 0, 1) if (dr or df) and 0 <= f + df < 8 and 0 <= r + dr < 8]


_NEIGHBOURS = [_king_neighbours(sq) for sq in range(64)]
_BORDER = [sq for sq in range(64) if _file(sq) in (0, 7) or _rank(sq) in (0, 7)]


def adjacent(a: int, b: int) -> bool:
    """King-adjacent (one orthogonal or diagonal step), the links of a chain."""
    return a != b and abs(_file(a) - _file(b)) <= 1 and abs(_rank(a) - _rank(b)) <= 1


# --- the definition, literally: validate one given loop ------------------------------------------------------
def _crossing_diagonal(a: int, b: int) -> tuple[int, int]:
    """For a diagonal step a-b, the other diagonal of the same 2x2 block."""
    return _rank(a) * 8 + _file(b), _rank(b) * 8 + _file(a)


def _inside(loop: Sequence[int]) -> int:
    """Bitboard of the squares whose centres lie strictly inside the closed polygon through ``loop``.

    Crossing number with a ray to the right along each rank: an edge between ranks r and r + 1 is counted for the
    squares of rank r left of its rank-r end. No square centre lies on an edge unless it is a vertex (edges are
    unit or diagonal steps), so there is no degenerate case.
    """
    vertices = set(loop)
    crossings: dict[int, list[int]] = {}
    for i, a in enumerate(loop):
        b = loop[(i + 1) % len(loop)]
        if _rank(a) == _rank(b):
            continue
        low = a if _rank(a) < _rank(b) else b
        crossings.setdefault(_rank(low), []).append(_file(low))
    inside = 0
    for rank, files in crossings.items():
        for f in range(8):
            sq = rank * 8 + f
            if sq not in vertices and sum(1 for x in files if x > f) % 2:
                inside |= 1 << sq
    return inside


def has_adjacent_pair(squares: int) -> bool:
    """Whether two of the squares in the bitboard are king-adjacent."""
    not_a = 0xFEFEFEFEFEFEFEFE
    not_h = 0x7F7F7F7F7F7F7F7F
    east = (squares & not_h) << 1
    north = squares << 8
    north_east = (squares & not_h) << 9
    north_west = (squares & not_a) << 7
    return bool(squares & (east | north | north_east | north_west) & BOARD)


def loop_problem(occupied: int, loop: Sequence[int]) -> str | None:
    """Why ``loop`` (squares in drawing order, not closed) is not a chain, or ``None`` when it is one."""
    if len(loop) < 3:
        return "a loop needs at least three pieces"
    if len(set(loop)) != len(loop):
        return "the line passes a piece twice"
    for sq in loop:
        if not occupied >> sq & 1:
            return f"square {sq} is empty"
    edges = set()
    for i, a in enumerate(loop):
        b = loop[(i + 1) % len(loop)]
        if not adjacent(a, b):
            return f"squares {a} and {b} are not adjacent"
        edges.add(frozenset((a, b)))
    for edge in edges:
        a, b = tuple(edge)
        if _file(a) != _file(b) and _rank(a) != _rank(b) and frozenset(_crossing_diagonal(a, b)) in edges:
            return "the line crosses itself"
    if not has_adjacent_pair(_inside(loop) & ~occupied):
        return "it does not surround two adjacent empty squares"
    return None


def is_chain(occupied: int, loop: Sequence[int]) -> bool:
    """Whether the pieces on ``loop`` (drawing order) form a chain on this board."""
    return loop_problem(occupied, loop) is None


def chains_through(occupied: int, square: int, limit: int | None = None) -> Iterator[tuple[int, ...]]:
    """Every chain through ``square`` (each loop once per direction), by brute-force enumeration.

    Exponential: meant for tests and explanations on sparse boards, not for play.
    """
    if not occupied >> square & 1:
        return
    path = [square]
    on_path = {square}

    def extend() -> Iterator[tuple[int, ...]]:
        last = path[-1]
        for nxt in _NEIGHBOURS[last]:
            if nxt == square and len(path) >= 3 and is_chain(occupied, path):
                yield tuple(path)
            elif nxt not in on_path and occupied >> nxt & 1:
                path.append(nxt)
                on_path.add(nxt)
                yield from extend()
                path.pop()
                on_path.discard(nxt)

    for found, loop in enumerate(extend(), start=1):
        yield loop
        if limit is not None and found >= limit:
            return


# --- the fast decision ------------------------------------------------------------------------------------
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


def forms_chain(occupied: int, square: int) -> bool:
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


def squares_mask(names: Sequence[str]) -> int:
    """Bitboard of squares named like ``"e4"`` (a helper for tests, docs and benchmarks)."""
    mask = 0
    for name in names:
        mask |= 1 << square_index(name)
    return mask


def square_index(name: str) -> int:
    return (int(name[1]) - 1) * 8 + "abcdefgh".index(name[0])
