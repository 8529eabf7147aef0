"""The position of a fairy game and its move generator: make/unmake, attacks, legal moves, perft.

Moves are integers: ``from | to << 8 | flag << 16 | promotion << 20`` (promotion is the piece code the pawn
becomes). The board is a flat list of piece codes (see :mod:`variants.fairy.geometry`); each side's occupied
squares are kept in a set, and each king's square incrementally, so neither is ever searched for.
"""

from __future__ import annotations

from variants.fairy.geometry import KIND, KING, PAWN, WHITE
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

NORMAL, DOUBLE, EN_PASSANT, CASTLE = 0, 1, 2, 3
SPECIAL = EN_PASSANT
BISHOP = KIND["Bishop"]
KNIGHT = KIND["Knight"]  # flags at or above this always get the full legality test

# Castling-rights bits: K (White, towards the last file), Q, k, q.
RIGHT_K, RIGHT_Q, RIGHT_BK, RIGHT_BQ = 1, 2, 4, 8
KING_RIGHTS = (RIGHT_K | RIGHT_Q, RIGHT_BK | RIGHT_BQ)


def move_from(move: int) -> int:
    return move & 255


def move_to(move: int) -> int:
    return (move >> 8) & 255


def move_flag(move: int) -> int:
    return (move >> 16) & 15


def move_promotion(move: int) -> int:
    return move >> 20


class Board:
    """A position with its make/unmake stack. ``turn`` is 0 (White) or 1 (Black)."""

    def __init__(
        self,
        rules: Rules,
        squares: list[int],
        turn: int,
        castling: int,
        ep: int,
        halfmove: int,
        fullmove: int,
        promotions: tuple[int, ...],
    ) -> None:
        self.rules = rules
        self.files = rules.geo.files
        self.board = list(squares)
        self.turn = turn
        self.castling = castling
        self.ep = ep
        self.halfmove = halfmove
        self.fullmove = fullmove
        # Piece kinds a pawn may become, as White codes (Black's are +1).
        self.promotions = promotions
        self.occ: list[set[int]] = [set(), set()]
        self.king = [-1, -1]
        for sq, piece in enumerate(self.board):
            if piece:
                self.occ[piece & 1].add(sq)
                if piece >> 1 == KING:
                    self.king[piece & 1] = sq
        self.stack: list[tuple[int, int, int, int, int]] = []
        # Repetition counts of the position keys on the current line (game history plus perft path).
        self.seen: dict[tuple, int] = {}
        self.insufficient_rule = False  # plain chess only: a dead position ends the game

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

    # --- legality -----------------------------------------------------------------------------------------
    def _safe(self, move: int) -> bool:
        """Whether ``move`` leaves the mover's king unattacked (a make/unmake on the board list only)."""
        b = self.board
        us = self.turn
        f = move & 255
        t = (move >> 8) & 255
        flag = (move >> 16) & 15
        piece = b[f]
        captured = b[t]
        ksq = self.king[us]
        b[f] = 0
        b[t] = piece
        if f == ksq:
            ksq = t
        if flag == EN_PASSANT:
            cs = f - f % self.files + t % self.files
            taken = b[cs]
            b[cs] = 0
            ok = not self.attacked(ksq, us ^ 1)
            b[cs] = taken
        elif flag == CASTLE:
            rook_from, rook_to = self._castle_rook(f, t)
            rook = b[rook_from]
            b[rook_from] = 0
            b[rook_to] = rook
            ok = not self.attacked(ksq, us ^ 1)
            b[rook_to] = 0
            b[rook_from] = rook
        else:
            ok = not self.attacked(ksq, us ^ 1)
        b[t] = captured
        b[f] = piece
        return ok

    def _castle_rook(self, f: int, t: int) -> tuple[int, int]:
        base = f - f % self.files
        if t > f:
            return base + self.files - 1, t - 1
        return base, t + 1

    def _pinned(self, us: int, ksq: int) -> set[int]:
        """Own pieces standing alone between the king and an enemy rider that attacks along that line."""
        b = self.board
        pinned = set()
        for ray, codes in self.rules.ray_rev[us ^ 1][ksq]:
            own = -1
            for s in ray:
                x = b[s]
                if x:
                    if own >= 0:
                        if x in codes:
                            pinned.add(own)
                        break
                    if (x & 1) != us:
                        break
                    own = s
        return pinned

    def _filtered(self) -> tuple[list[int], list[int]]:
        """(moves known legal, moves still to test for leaving the own king attacked)."""
        us = self.turn
        ksq = self.king[us]
        test: list[int] = []
        if self.attacked(ksq, us ^ 1):
            self._generate(test, test, frozenset(), True)
            return [], test
        unsafe = self._pinned(us, ksq)
        unsafe.add(ksq)
        rules = self.rules
        sensitive = rules.sensitive[us][ksq]
        if sensitive:
            unsafe |= sensitive
        sure: list[int] = []
        self._generate(sure, test, unsafe, False)
        if rules.has_hop and sensitive:
            # A piece landing on a hopper's line may become the screen that exposes the king.
            keep = []
            for m in sure:
                if (m >> 8) & 255 in sensitive:
                    test.append(m)
                else:
                    keep.append(m)
            sure = keep
        return sure, test

    def legal_moves(self) -> list[int]:
        sure, test = self._filtered()
        safe = self._safe
        sure.extend(m for m in test if safe(m))
        return sure

    def count_legal(self) -> int:
        sure, test = self._filtered()
        safe = self._safe
        return len(sure) + sum(1 for m in test if safe(m))

    def has_legal_move(self) -> bool:
        sure, test = self._filtered()
        return bool(sure) or any(self._safe(m) for m in test)

    # --- make / unmake ------------------------------------------------------------------------------------
    def make(self, move: int) -> None:
        b = self.board
        us = self.turn
        them = us ^ 1
        f = move & 255
        t = (move >> 8) & 255
        flag = (move >> 16) & 15
        promo = move >> 20
        piece = b[f]
        captured = b[t]
        self.stack.append((move, captured, self.castling, self.ep, self.halfmove))
        occ_us = self.occ[us]
        occ_us.discard(f)
        occ_us.add(t)
        if captured:
            self.occ[them].discard(t)
        b[f] = 0
        b[t] = promo or piece
        kind = piece >> 1
        self.ep = -1
        if kind == PAWN:
            self.halfmove = 0
            if flag == DOUBLE:
                self.ep = (f + t) >> 1
            elif flag == EN_PASSANT:
                cs = f - f % self.files + t % self.files
                b[cs] = 0
                self.occ[them].discard(cs)
        else:
            self.halfmove = 0 if captured else self.halfmove + 1
            if kind == KING:
                self.king[us] = t
                self.castling &= ~KING_RIGHTS[us]
                if flag == CASTLE:
                    rook_from, rook_to = self._castle_rook(f, t)
                    b[rook_to] = b[rook_from]
                    b[rook_from] = 0
                    occ_us.discard(rook_from)
                    occ_us.add(rook_to)
        if self.castling:
            mask = self.rules.corner_mask
            self.castling &= mask[f] & mask[t]
        if us:
            self.fullmove += 1
        self.turn = them

    def unmake(self) -> None:
        move, captured, castling, ep, halfmove = self.stack.pop()
        b = self.board
        them = self.turn
        us = them ^ 1
        f = move & 255
        t = (move >> 8) & 255
        flag = (move >> 16) & 15
        piece = b[t]
        if move >> 20:
            piece = 2 * PAWN + us
        b[f] = piece
        b[t] = captured
        occ_us = self.occ[us]
        occ_us.discard(t)
        occ_us.add(f)
        if captured:
            self.occ[them].add(t)
        if piece >> 1 == KING:
            self.king[us] = f
            if flag == CASTLE:
                rook_from, rook_to = self._castle_rook(f, t)
                b[rook_from] = b[rook_to]
                b[rook_to] = 0
                occ_us.discard(rook_to)
                occ_us.add(rook_from)
        elif flag == EN_PASSANT:
            cs = f - f % self.files + t % self.files
            b[cs] = 2 * PAWN + them
            self.occ[them].add(cs)
        self.castling = castling
        self.ep = ep
        self.halfmove = halfmove
        if us:
            self.fullmove -= 1
        self.turn = us

    # --- repetition and game end --------------------------------------------------------------------------
    def key(self) -> tuple:
        """What makes two positions "the same" for repetition: men, side to move, castling rights and an en
        passant capture only when one is actually legal."""
        return (tuple(self.board), self.turn, self.castling, self.legal_ep())

    def legal_ep(self) -> int:
        ep = self.ep
        if ep < 0:
            return -1
        us = self.turn
        files = self.files
        pawn = 2 * PAWN + us
        # The pawn that double-stepped stands just beyond the target square, seen from the side to move.
        victim = ep - files if us == WHITE else ep + files
        b = self.board
        for dx in (-1, 1):
            file = victim % files + dx
            if 0 <= file < files and b[victim + dx] == pawn and self._safe(victim + dx | ep << 8 | EN_PASSANT << 16):
                return ep
        return -1

    def push(self, move: int) -> tuple:
        """Make ``move`` and count the new position for repetition; returns its key (for :meth:`pop`)."""
        self.make(move)
        key = self.key()
        self.seen[key] = self.seen.get(key, 0) + 1
        return key

    def pop(self, key: tuple) -> None:
        self.seen[key] -= 1
        self.unmake()

    def dead_by_rule(self) -> bool:
        """The game ended by a rule that does not depend on legal moves: threefold repetition, fifty moves, or
        (plain chess) insufficient material. Used by perft to prune, so it must stay cheap."""
        if self.halfmove >= 100:
            return True
        if self.halfmove >= 8 and self.seen.get(self.key(), 0) >= 3:
            return True
        return self.insufficient_rule and self.insufficient_material()

    def insufficient_material(self) -> bool:
        """Plain chess: neither side can ever mate (bare kings, one minor piece, or bishops all on one colour)."""
        b = self.board
        if len(self.occ[0]) + len(self.occ[1]) > 4:
            # Many men: dead only with bishops all on one shade; any other man settles it quickly.
            for s in self.occ[0]:
                if b[s] >> 1 not in (KING, BISHOP):
                    return False
            for s in self.occ[1]:
                if b[s] >> 1 not in (KING, BISHOP):
                    return False
        others = [s for s in self.occ[0] | self.occ[1] if b[s] >> 1 != KING]
        if not others:
            return True
        kinds = {b[s] >> 1 for s in others}
        if kinds == {BISHOP}:
            return len({(s % self.files + s // self.files) % 2 for s in others}) == 1
        return len(others) == 1 and kinds <= {KNIGHT, BISHOP}

    # --- perft --------------------------------------------------------------------------------------------
    def perft(self, depth: int) -> int:
        """Leaf positions ``depth`` plies ahead; a position where the game has ended has no children."""
        if depth == 0:
            return 1
        if self.dead_by_rule():
            return 0
        if depth == 1:
            return self.count_legal()
        total = 0
        for move in self.legal_moves():
            key = self.push(move)
            total += self.perft(depth - 1)
            self.pop(key)
        return total


__all__ = ["CASTLE", "DOUBLE", "EN_PASSANT", "NORMAL", "WHITE", "Board"]
