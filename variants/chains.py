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

:func:`chain_squares` answers for every piece of a position at once, without listing loops, from one build of
the piece graph and its biconnected blocks (about 0.06 ms on a 32-piece board; :func:`forms_chain` asks it about
one square). It uses the planar-graph fact that a vertex of a 2-connected plane graph lies on a cycle around any
bounded face of that graph (take two disjoint paths from the vertex to the outer boundary; they split the inside
in two, one part holding the face). So a piece is on a chain iff some biconnected block of the piece graph
containing it has two adjacent empty squares in one bounded face. The graph and its blocks depend only on the
occupancy, so they are built once per position, not once per piece as before issue 15 (that method is kept in
:mod:`variants.chains_reference` for the side-by-side test and benchmark). :func:`chains_through` is the slow,
obvious enumeration, kept to cross-check the fast answer in tests.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

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


# --- the fast decision: one index per position ----------------------------------------------------------------
# Bitboards of lower-left squares L of 2x2 blocks. A diagonal link is named by L: "rising" joins L and L + 9,
# "falling" joins L + 1 and L + 8. Where all four corners are pieces both diagonals would cross, so the block gets a
# virtual centre node (id _VIRTUAL + L) joined to the four corners instead (see _PieceGraph).
_NOT_A = 0xFEFEFEFEFEFEFEFE
_NOT_H = 0x7F7F7F7F7F7F7F7F
_BORDER_BITS = sum(1 << sq for sq in _BORDER)


def _bits(board: int) -> Iterator[int]:
    while board:
        low = board & -board
        yield low.bit_length() - 1
        board ^= low


class _PieceGraph:
    """King-adjacency between the pieces of one position, made planar; built once per position.

    A simple cycle passes a virtual centre at most once, so it uses at most one diagonal of a full 2x2 block, as a
    drawn chain must; a cycle turning there (corner, centre, neighbouring corner) stands for the orthogonal link
    and surrounds the same squares.
    """

    __slots__ = ("adjacency", "centres", "falling", "rising")

    def __init__(self, occupied: int) -> None:
        full = occupied & (occupied >> 1) & (occupied >> 8) & (occupied >> 9) & _NOT_H
        self.centres = full
        self.rising = occupied & (occupied >> 9) & _NOT_H & ~full
        self.falling = (occupied >> 1) & (occupied >> 8) & _NOT_H & ~full
        adjacency: dict[int, list[int]] = {sq: [] for sq in _bits(occupied)}
        links = [(sq, sq + 1) for sq in _bits(occupied & (occupied >> 1) & _NOT_H)]
        links += [(sq, sq + 8) for sq in _bits(occupied & (occupied >> 8))]
        links += [(sq, sq + 9) for sq in _bits(self.rising)]
        links += [(sq + 1, sq + 8) for sq in _bits(self.falling)]
        for low in _bits(full):
            centre = _VIRTUAL + low
            corners = [low, low + 1, low + 8, low + 9]
            adjacency[centre] = corners
            for corner in corners:
                adjacency[corner].append(centre)
        for a, b in links:
            adjacency[a].append(b)
            adjacency[b].append(a)
        self.adjacency = adjacency


def _blocks(adjacency: dict[int, list[int]]) -> list[list[int]]:
    """The vertex sets of the biconnected blocks with a cycle (three or more vertices); Tarjan, iterative.

    Vertex sets are enough: a link between two vertices of one block belongs to that block (blocks are maximal).
    """
    order: dict[int, int] = {}
    low: dict[int, int] = {}
    blocks: list[list[int]] = []
    for root in adjacency:
        if root in order:
            continue
        order[root] = low[root] = len(order)
        path = [root]  # vertices whose block is not yet closed, in discovery order
        stack = [(root, iter(adjacency[root]))]
        while stack:
            node, children = stack[-1]
            for child in children:
                if child not in order:
                    order[child] = low[child] = len(order)
                    path.append(child)
                    stack.append((child, iter(adjacency[child])))
                    break
                if order[child] < low[node]:
                    low[node] = order[child]  # a back edge (or the tree edge to the parent: harmless below)
            else:
                stack.pop()
                if not stack:
                    continue
                parent = stack[-1][0]
                if low[node] < low[parent]:
                    low[parent] = low[node]
                elif low[node] >= order[parent]:
                    # parent separates node's subtree from the rest: that subtree's open vertices plus parent.
                    cut = path.index(node)
                    if len(path) - cut >= 2:
                        blocks.append([*path[cut:], parent])
                    del path[cut:]
    return blocks


def _enclosed(walls: int, centres: int, rising: int, falling: int) -> int:
    """Squares inside a block's outer boundary: the squares the outside cannot reach by king steps.

    ``walls`` are the block's pieces; a diagonal step is blocked where the block has the crossing diagonal link
    or a virtual centre in that 2x2 block. Flood fill from the border on bitboards, eight directions at once.
    """
    open_squares = BOARD & ~walls
    stop_rising = falling | centres  # a step L <-> L + 9 crosses the falling link of block L
    stop_falling = (rising | centres) << 1  # a step s <-> s + 7 crosses the rising link of block s - 1
    seen = _BORDER_BITS & open_squares
    while True:
        grow = ((seen & _NOT_H) << 1) | ((seen & _NOT_A) >> 1) | (seen << 8) | (seen >> 8)
        grow |= ((seen & _NOT_H & ~stop_rising) << 9) | (((seen & _NOT_A) >> 9) & ~stop_rising)
        grow |= ((seen & _NOT_A & ~stop_falling) << 7) | (((seen & _NOT_H) >> 7) & ~stop_falling)
        grow &= open_squares & ~seen
        if not grow:
            return open_squares & ~seen
        seen |= grow


def _block_masks(graph: _PieceGraph, block: list[int]) -> tuple[int, int, int, int]:
    """A block's pieces, virtual centres, rising and falling links (bitboards by square / lower-left)."""
    walls = centres = 0
    for node in block:
        if node < _VIRTUAL:
            walls |= 1 << node
        else:
            centres |= 1 << (node - _VIRTUAL)
    # A link between two vertices of one block belongs to that block (blocks are maximal).
    rising = graph.rising & walls & (walls >> 9)
    falling = graph.falling & (walls >> 1) & (walls >> 8)
    return walls, centres, rising, falling


def _split_pairs(empty: int, rising: int, falling: int) -> list[tuple[int, int, tuple[int, int]]] | None:
    """``None`` when the block surrounds two adjacent empty squares outright; otherwise the diagonal empty pairs
    that one of the block's own diagonal links separates, each with that link."""
    if empty & (((empty & _NOT_H) << 1) | (empty << 8)):
        return None  # an orthogonal pair
    up = empty & (empty >> 9) & _NOT_H  # empty L and L + 9: separated only by the falling link of block L
    down = (empty >> 1) & (empty >> 8) & _NOT_H  # empty L + 1 and L + 8: separated by the rising link
    if up & ~falling or down & ~rising:
        return None
    split = [(sq, sq + 9, (sq + 1, sq + 8)) for sq in _bits(up)]
    return split + [(sq + 1, sq + 8, (sq, sq + 9)) for sq in _bits(down)]


def _on_chains_after_cut(graph: _PieceGraph, block: list[int], split: list[tuple[int, int, tuple[int, int]]]) -> int:
    """Pieces of ``block`` on a loop around a diagonal empty pair that one of the block's links separates.

    Such a loop cannot use that link, so the block is cut there and its sub-blocks asked again; only this block's
    structure changes when one of its links is removed, so the rest of the board is not rebuilt.
    """
    members = set(block)
    found = 0
    for a, b, (x, y) in split:
        adjacency = {v: [w for w in graph.adjacency[v] if w in members and {v, w} != {x, y}] for v in block}
        for sub in _blocks(adjacency):
            walls, centres, rising, falling = _block_masks(graph, sub)
            inside = _enclosed(walls, centres, rising, falling)
            if inside >> a & 1 and inside >> b & 1:
                found |= walls
    return found


def chain_squares(occupied: int) -> int:
    """Bitboard of every piece that is part of some chain on this board (the index of the whole position).

    A vertex of a 2-connected plane graph lies on a cycle around every bounded face of it, so every piece of a
    block that surrounds two adjacent empty squares is on a chain; the graph and its blocks are built once.
    """
    return _chain_squares(occupied & BOARD)


@lru_cache(maxsize=4096)
def _chain_squares(occupied: int) -> int:
    # Cached: the engine asks about the same position more than once (castling moves two pieces; `play` re-asks
    # what `legal_moves` listed), and an occupancy is a plain int, cheap to key on.
    graph = _PieceGraph(occupied)
    found = 0
    for block in _blocks(graph.adjacency):
        walls, centres, rising, falling = _block_masks(graph, block)
        if not walls & ~found:
            continue  # every piece of it is already known to be on a chain
        split = _split_pairs(_enclosed(walls, centres, rising, falling) & ~occupied, rising, falling)
        if split is None:
            found |= walls
        elif split:
            found |= _on_chains_after_cut(graph, block, split)
    return found


def forms_chain(occupied: int, square: int) -> bool:
    """Whether the piece on ``square`` is part of some chain on this board."""
    return bool(occupied >> square & 1 and chain_squares(occupied) >> square & 1)


def squares_mask(names: Sequence[str]) -> int:
    """Bitboard of squares named like ``"e4"`` (a helper for tests, docs and benchmarks)."""
    mask = 0
    for name in names:
        mask |= 1 << square_index(name)
    return mask


def square_index(name: str) -> int:
    return (int(name[1]) - 1) * 8 + "abcdefgh".index(name[0])
