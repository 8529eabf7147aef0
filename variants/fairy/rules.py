"""Compile the movement data of :mod:`variants.movement` into per-square tables for one board and piece set.

Everything the move generator and the attack test need is precomputed here once per (board size, pieces in
play, castling steps) and cached, so the hot loops only index lists:

* ``ops[code][sq]``: what a piece may do from a square, as ``(op, data)`` pairs (targets of leaps, rays of
  rides and hops, the squares of each path).
* ``leap_rev``, ``ray_rev``, ``hop_rev``, ``path_rev`` ``[colour][sq]``: the same patterns read backwards, for
  "is this square attacked by that colour".
* ``sensitive[colour][king_sq]``: squares whose change could expose that king besides pins on rider lines
  (found at run time): hopper lines and the blocking squares of lame leaps and bent rides towards it. A move
  that touches none of them, is no pinned piece's and is not the king's cannot leave the king in check unless
  it is in check already, so the legality test is skipped for it.
"""

from __future__ import annotations

from functools import lru_cache

from variants.fairy.geometry import BLACK_COLOUR, WHITE_COLOUR, Geometry, code
from variants.movement import BOTH, CAPTURE, MOVE, MOVEMENT, Castles, Hop, Leap, Path, PawnMoves, Ride

# Op kinds in ops tables.
LEAP_BOTH, LEAP_MOVE, LEAP_CAP, RIDE_BOTH, RIDE_MOVE, RIDE_CAP, HOP_MOVE, HOP_CAP, PATH, PAWN = range(10)
_NEVER = 1 << 10  # a step index no path reaches


class Rules:
    """Tables for one board size, set of pieces in play and castling step count."""

    def __init__(self, files: int, ranks: int, names: tuple[str, ...], castle_steps: int | None) -> None:
        self.geo = Geometry(files, ranks)
        self._ray_cache: dict[tuple[int, int, int], tuple[int, ...]] = {}
        self._pairs_cache: dict[tuple[int, int, int], tuple[tuple[int, int], ...]] = {}
        self.names = names
        self.castle_steps = castle_steps
        size = self.geo.size
        self.codes = [code(name, colour) for name in names for colour in (WHITE_COLOUR, BLACK_COLOUR)]
        max_code = max(self.codes) + 1
        self.ops: list[list[tuple] | None] = [None] * max_code
        self.dedup = [False] * max_code
        leaps = [[{} for _ in range(size)] for _ in (WHITE_COLOUR, BLACK_COLOUR)]
        rays = [[{} for _ in range(size)] for _ in (WHITE_COLOUR, BLACK_COLOUR)]
        hops = [[{} for _ in range(size)] for _ in (WHITE_COLOUR, BLACK_COLOUR)]
        paths = [[{} for _ in range(size)] for _ in (WHITE_COLOUR, BLACK_COLOUR)]
        self.has_hop = False
        for name in names:
            for colour in (WHITE_COLOUR, BLACK_COLOUR):
                piece = code(name, colour)
                table = [self._compile(name, colour, sq) for sq in range(size)]
                self.ops[piece] = table
                self.dedup[piece] = any(_overlaps(ops) for ops in table)
                self._reverse(piece, colour, table, leaps[colour], rays[colour], hops[colour], paths[colour])
        self.leap_rev = [[tuple((s, frozenset(c)) for s, c in per.items()) for per in leaps[col]] for col in (0, 1)]
        self.ray_rev = [[self._rev_rays(sq, per) for sq, per in enumerate(rays[col])] for col in (0, 1)]
        self.hop_rev = [[self._rev_rays(sq, per) for sq, per in enumerate(hops[col])] for col in (0, 1)]
        self.path_rev = [
            [tuple((s, frozenset(c), blockers) for (s, blockers), c in per.items()) for per in paths[col]] for col in (0, 1)
        ]
        self.sensitive = [[self._sensitive(colour ^ 1, sq) for sq in range(size)] for colour in (WHITE_COLOUR, BLACK_COLOUR)]
        # Castling: (king square, right) -> squares to be empty, squares passed, move; filled by the board.
        self.castle_paths: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...], int]] = {}
        # Castling: which corner squares lose which right when anything moves from or to them.
        f = files
        self.corner_mask = [15] * size
        self.corner_mask[0] &= ~2  # a1: White's queen side (Q)
        self.corner_mask[f - 1] &= ~1  # l1: White's king side (K)
        self.corner_mask[(ranks - 1) * f] &= ~8  # a8: q
        self.corner_mask[ranks * f - 1] &= ~4  # l8: k

    # --- compiling one piece on one square ---------------------------------------------------------------
    def _ray(self, sq: int, df: int, dr: int) -> tuple[int, ...]:
        # Every rider, hopper and reverse table of both colours asks for the same few hundred rays: build once.
        key = (sq, df, dr)
        ray = self._ray_cache.get(key)
        if ray is None:
            ray = self._ray_cache[key] = self._build_ray(sq, df, dr)
        return ray

    def _ray_pairs(self, sq: int, df: int, dr: int) -> tuple[tuple[int, int], ...]:
        """The ray from ``sq`` as (target, move) pairs, shared by every piece that rides or hops along it."""
        key = (sq, df, dr)
        pairs = self._pairs_cache.get(key)
        if pairs is None:
            pairs = self._pairs_cache[key] = _pairs(sq, self._ray(sq, df, dr))
        return pairs

    def _build_ray(self, sq: int, df: int, dr: int) -> tuple[int, ...]:
        geo = self.geo
        file, rank = geo.file_of(sq) + df, geo.rank_of(sq) + dr
        out = []
        while geo.on_board(file, rank):
            out.append(geo.square(file, rank))
            file += df
            rank += dr
        return tuple(out)

    def _compile(self, name: str, colour: int, sq: int) -> list[tuple]:
        geo = self.geo
        flip = -1 if colour == BLACK_COLOUR else 1
        x, y = geo.file_of(sq), geo.rank_of(sq)
        ops: list[tuple] = []
        for prim in MOVEMENT[name]:
            if isinstance(prim, Leap):
                targets = tuple(
                    _pair(sq, geo.square(x + dx, y + flip * dy)) for dx, dy in prim.offsets if geo.on_board(x + dx, y + flip * dy)
                )
                if targets:
                    ops.append(({BOTH: LEAP_BOTH, MOVE: LEAP_MOVE, CAPTURE: LEAP_CAP}[prim.mode], targets))
            elif isinstance(prim, Ride):
                found = tuple(r for r in (self._ray_pairs(sq, dx, flip * dy) for dx, dy in prim.directions) if r)
                if found:
                    ops.append(({BOTH: RIDE_BOTH, MOVE: RIDE_MOVE, CAPTURE: RIDE_CAP}[prim.mode], found))
            elif isinstance(prim, Hop):
                self.has_hop = True
                found = tuple(r for r in (self._ray_pairs(sq, dx, flip * dy) for dx, dy in prim.directions) if len(r) > 1)
                if found:
                    ops.append((HOP_MOVE if prim.moves else HOP_CAP, found))
            elif isinstance(prim, Path):
                walked = self._walk(sq, x, y, prim, flip)
                if walked is not None:
                    if ops and ops[-1][0] == PATH:
                        ops[-1] = (PATH, ops[-1][1] + (walked,))
                    else:
                        ops.append((PATH, (walked,)))
            elif isinstance(prim, PawnMoves):
                ops.append((PAWN, self._pawn(x, y, flip)))
            elif isinstance(prim, Castles):
                pass  # the board generates castling from its rights
        return ops

    def _walk(self, sq: int, x: int, y: int, prim: Path, flip: int) -> tuple[tuple[tuple[int, int], ...], int, int] | None:
        geo = self.geo
        squares = []
        steps = list(prim.steps)
        index = 0
        while True:
            if index < len(steps):
                dx, dy = steps[index]
            elif prim.repeat:
                dx, dy = steps[-1]
            else:
                break
            x, y = x + dx, y + flip * dy
            if not geo.on_board(x, y):
                break
            squares.append(geo.square(x, y))
            index += 1
        move_at = prim.move_from - 1 if prim.move_from else _NEVER
        capture_at = prim.capture_from - 1 if prim.capture_from else _NEVER
        if len(squares) <= min(move_at, capture_at):
            return None
        return (_pairs(sq, squares), move_at, capture_at)

    def _pawn(self, x: int, y: int, flip: int) -> tuple[int, int, tuple[int, ...], bool]:
        geo = self.geo
        ahead = y + flip
        if not 0 <= ahead < geo.ranks:
            return (-1, -1, (), False)
        sq = geo.square(x, y)
        push = geo.square(x, ahead)
        start_rank = 1 if flip == 1 else geo.ranks - 2
        double = geo.square(x, y + 2 * flip) if y == start_rank and 0 <= y + 2 * flip < geo.ranks else -1
        captures = tuple(_pair(sq, geo.square(x + dx, ahead)) for dx in (-1, 1) if 0 <= x + dx < geo.files)
        promotes = ahead == (geo.ranks - 1 if flip == 1 else 0)
        return (push, double, captures, promotes)

    # --- reverse tables for the attack test ---------------------------------------------------------------
    def _reverse(self, piece: int, colour: int, table: list[list[tuple]], leaps, rays, hops, paths) -> None:
        geo = self.geo
        for sq, ops in enumerate(table):
            for op, data in ops:
                if op in (LEAP_BOTH, LEAP_CAP):
                    for t, _move in data:
                        leaps[t].setdefault(sq, set()).add(piece)
                elif op == PAWN:
                    for t, _move in data[2]:
                        leaps[t].setdefault(sq, set()).add(piece)
                elif op in (RIDE_BOTH, RIDE_CAP, HOP_MOVE, HOP_CAP):
                    target = rays if op in (RIDE_BOTH, RIDE_CAP) else hops
                    for pairs in data:
                        ray = [t for t, _move in pairs]
                        first = ray[0]
                        direction = (geo.file_of(first) - geo.file_of(sq), geo.rank_of(first) - geo.rank_of(sq))
                        back = (-direction[0], -direction[1])
                        for t in ray:
                            target[t].setdefault(back, set()).add(piece)
                elif op == PATH:
                    for pairs, _move_at, capture_at in data:
                        squares = tuple(t for t, _move in pairs)
                        for i in range(capture_at, len(squares)):
                            paths[squares[i]].setdefault((sq, squares[:i]), set()).add(piece)

    def _rev_rays(self, sq: int, per: dict[tuple[int, int], set[int]]) -> tuple[tuple[tuple[int, ...], frozenset[int]], ...]:
        return tuple((self._ray(sq, dx, dy), frozenset(codes)) for (dx, dy), codes in per.items())

    def _sensitive(self, attacker: int, sq: int) -> frozenset[int]:
        """Squares (besides pins on rider lines, found at run time) whose change may expose a king on ``sq``:
        the lines of hoppers (a screen may appear or vanish) and the blocking squares of paths."""
        squares: set[int] = set()
        for ray, _codes in self.hop_rev[attacker][sq]:
            squares.update(ray)
        for _s, _codes, blockers in self.path_rev[attacker][sq]:
            squares.update(blockers)
        return frozenset(squares)


def _pair(sq: int, t: int) -> tuple[int, int]:
    """A target with its ready-made move integer (from | to << 8), so the generator only appends."""
    return (t, sq | t << 8)


def _pairs(sq: int, squares) -> tuple[tuple[int, int], ...]:
    return tuple(_pair(sq, t) for t in squares)


def _overlaps(ops: list[tuple]) -> bool:
    """Whether two patterns of a piece can reach the same square (the Rhinoceros's circles): then the move
    generator removes duplicate moves. Rides and hops of one piece never overlap at run time, so only leaps and
    paths count."""
    seen: set[int] = set()
    count = 0
    for op, data in ops:
        if op in (LEAP_BOTH, LEAP_MOVE, LEAP_CAP):
            seen.update(t for t, _move in data)
            count += len(data)
        elif op == PATH:
            for pairs, move_at, capture_at in data:
                reach = [t for t, _move in pairs[min(move_at, capture_at) :]]
                seen.update(reach)
                count += len(reach)
    return len(seen) != count


@lru_cache(maxsize=64)
def rules_for(files: int, ranks: int, names: tuple[str, ...], castle_steps: int | None) -> Rules:
    """The compiled tables (cached: every game of one array shares them)."""
    return Rules(files, ranks, tuple(sorted(set(names))), castle_steps)
