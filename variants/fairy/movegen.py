"""Attacks and pseudo-legal move generation of the fairy board (:class:`variants.fairy.board.Board`).

The per-square tables of :mod:`variants.fairy.rules` hold (target, move) pairs, so the loops here only look at the
board list and append move integers (:mod:`variants.fairy.moves`). Testing whether a move leaves the own king
attacked is :mod:`variants.fairy.legality`'s business.
"""

from __future__ import annotations

from variants.fairy.moves import CASTLE, DOUBLE, EN_PASSANT
from variants.fairy.rules import (
    HOP_CAP,
    HOP_MOVE,
    LEAP_BOTH,
    LEAP_CAP,
    LEAP_MOVE,
    PATH,
    RIDE_BOTH,
    RIDE_CAP,
    RIDE_MOVE,
    Rules,
)
from variants.fairy.rules import PAWN as PAWN_OP


class MoveGenerator:
    """The attack test and the pseudo-legal generator; :class:`variants.fairy.board.Board` holds the state."""

    rules: Rules
    files: int
    board: list[int]
    turn: int
    castling: int
    ep: int
    promotions: tuple[int, ...]
    occ: list[set[int]]
    king: list[int]

    # --- attacks ------------------------------------------------------------------------------------------
    def attacked(self, sq: int, by: int) -> bool:
        """Whether a piece of colour ``by`` attacks ``sq`` (pins ignored, as in the rules of check)."""
        b = self.board
        rules = self.rules
        for s, codes in rules.leap_rev[by][sq]:
            if b[s] in codes:
                return True
        for ray, codes in rules.ray_rev[by][sq]:
            for s in ray:
                x = b[s]
                if x:
                    if x in codes:
                        return True
                    break
        for ray, codes in rules.hop_rev[by][sq]:
            screen = False
            for s in ray:
                x = b[s]
                if x:
                    if screen:
                        if x in codes:
                            return True
                        break
                    screen = True
        for s, codes, blockers in rules.path_rev[by][sq]:
            if b[s] in codes:
                for t in blockers:
                    if b[t]:
                        break
                else:
                    return True
        return False

    def in_check(self, colour: int | None = None) -> bool:
        colour = self.turn if colour is None else colour
        return self.attacked(self.king[colour], colour ^ 1)

    # --- pseudo-legal generation --------------------------------------------------------------------------
    def pseudo_moves(self, in_check: bool = False) -> list[int]:
        """Moves obeying the pieces' patterns, not yet tested for leaving the own king attacked."""
        out: list[int] = []
        self._generate(out, out, frozenset(), in_check)
        return out

    # hot loop: every perft node runs it; one flat function with locals keeps move generation fast.
    def _generate(self, sure: list[int], test: list[int], unsafe: set[int] | frozenset[int], in_check: bool) -> None:
        """Append the pseudo-legal moves of the pieces on ``unsafe`` squares (and en passant and castling) to
        ``test``, the others to ``sure``. The tables hold (target, move) pairs, so the loops only look at the
        board and append."""
        us = self.turn
        b = self.board
        rules = self.rules
        ops_of = rules.ops
        dedup = rules.dedup
        for sq in self.occ[us]:
            piece = b[sq]
            out = test if sq in unsafe else sure
            if dedup[piece]:
                add_to = out
                out = []
            add = out.append
            for op, data in ops_of[piece][sq]:
                if op == LEAP_BOTH:
                    for t, mv in data:
                        x = b[t]
                        if not x or (x & 1) != us:
                            add(mv)
                elif op == RIDE_BOTH:
                    for ray in data:
                        for t, mv in ray:
                            x = b[t]
                            if x:
                                if (x & 1) != us:
                                    add(mv)
                                break
                            add(mv)
                elif op == PAWN_OP:
                    push, double, captures, promotes = data
                    if promotes:
                        targets = []
                        if not b[push]:
                            targets.append(push)
                        for t, _mv in captures:
                            x = b[t]
                            if x and (x & 1) != us:
                                targets.append(t)
                        for t in targets:
                            for promo in self.promotions:
                                add(sq | t << 8 | (promo | us) << 20)
                        continue
                    if not b[push]:
                        add(sq | push << 8)
                        if double >= 0 and not b[double]:
                            add(sq | double << 8 | DOUBLE << 16)
                    for t, mv in captures:
                        x = b[t]
                        if x:
                            if (x & 1) != us:
                                add(mv)
                        elif t == self.ep:
                            test.append(mv | EN_PASSANT << 16)
                elif op == LEAP_MOVE:
                    for t, mv in data:
                        if not b[t]:
                            add(mv)
                elif op == LEAP_CAP:
                    for t, mv in data:
                        x = b[t]
                        if x and (x & 1) != us:
                            add(mv)
                elif op == RIDE_MOVE:
                    for ray in data:
                        for t, mv in ray:
                            if b[t]:
                                break
                            add(mv)
                elif op == RIDE_CAP:
                    for ray in data:
                        for t, mv in ray:
                            x = b[t]
                            if x:
                                if (x & 1) != us:
                                    add(mv)
                                break
                elif op in (HOP_MOVE, HOP_CAP):
                    moves = op == HOP_MOVE
                    for ray in data:
                        screen = False
                        for t, mv in ray:
                            x = b[t]
                            if screen:
                                if x:
                                    if (x & 1) != us:
                                        add(mv)
                                    break
                                if moves:
                                    add(mv)
                            elif x:
                                screen = True
                elif op == PATH:
                    for pairs, move_at, capture_at in data:
                        for i, (t, mv) in enumerate(pairs):
                            x = b[t]
                            if x:
                                if i >= capture_at and (x & 1) != us:
                                    add(mv)
                                break
                            if i >= move_at:
                                add(mv)
            if dedup[piece]:
                add_to.extend(dict.fromkeys(out))
        if self.castling and not in_check:
            self._gen_castling(us, test.append)

    def _gen_castling(self, us: int, add) -> None:
        rights = (self.castling >> (2 * us)) & 3
        if not rights or self.rules.castle_steps is None:
            return
        ksq = self.king[us]
        them = us ^ 1
        b = self.board
        cache = self.rules.castle_paths
        for right in (1, 2):
            if not rights & right:
                continue
            info = cache.get((ksq, right))
            if info is None:
                info = cache[(ksq, right)] = self._castle_path(ksq, right)
            between, transit, move = info
            for s in between:
                if b[s]:
                    break
            else:
                # The king may not pass through an attacked square (the landing square is tested with the
                # move): stand it on each square in turn, so lines through its home square count.
                king = b[ksq]
                b[ksq] = 0
                safe = True
                for s in transit:
                    b[s] = king
                    hit = self.attacked(s, them)
                    b[s] = 0
                    if hit:
                        safe = False
                        break
                b[ksq] = king
                if safe:
                    add(move)

    def _castle_path(self, ksq: int, right: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
        """(squares that must be empty, squares the king passes, the move) for castling from ``ksq``."""
        files = self.files
        base = ksq - ksq % files
        rook_sq, direction = (base + files - 1, 1) if right == 1 else (base, -1)
        dest = ksq + direction * self.rules.castle_steps
        between = tuple(range(min(ksq, rook_sq) + 1, max(ksq, rook_sq)))
        transit = tuple(range(ksq + direction, dest, direction))
        return between, transit, ksq | dest << 8 | CASTLE << 16
