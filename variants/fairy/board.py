"""The position of a fairy game: make/unmake, repetition, the game-ending rules perft needs, and perft.

Moves are integers (:mod:`variants.fairy.moves`). The board is a flat list of piece codes (see
:mod:`variants.fairy.geometry`); each side's occupied squares are kept in a set, and each king's square
incrementally, so neither is ever searched for. Attacks and move generation are :mod:`variants.fairy.movegen`,
the legality filter :mod:`variants.fairy.legality`; :class:`Board` inherits both.
"""

from __future__ import annotations

from variants.fairy.geometry import KIND, KING, PAWN, WHITE_COLOUR
from variants.fairy.legality import LegalMoves
from variants.fairy.moves import (
    CASTLE,
    DOUBLE,
    EN_PASSANT,
    KING_RIGHTS,
    NORMAL,
    RIGHT_BK,
    RIGHT_BQ,
    RIGHT_K,
    RIGHT_Q,
    move_flag,
    move_from,
    move_promotion,
    move_to,
)
from variants.fairy.rules import Rules

BISHOP = KIND["Bishop"]
KNIGHT = KIND["Knight"]


class Board(LegalMoves):
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
                    rook_from, rook_to = self.castle_rook(f, t)
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
                rook_from, rook_to = self.castle_rook(f, t)
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
        victim = ep - files if us == WHITE_COLOUR else ep + files
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


__all__ = [
    "CASTLE",
    "DOUBLE",
    "EN_PASSANT",
    "NORMAL",
    "RIGHT_BK",
    "RIGHT_BQ",
    "RIGHT_K",
    "RIGHT_Q",
    "Board",
    "move_flag",
    "move_from",
    "move_promotion",
    "move_to",
]
