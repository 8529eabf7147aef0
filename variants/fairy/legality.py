"""Legal moves of the fairy board: which pseudo-legal moves leave the mover's king unattacked.

Moves of pieces that are neither pinned nor the king, nor standing where a hopper could use them as a screen, are
known legal without a test; the others (and en passant and castling) get a make/unmake on the board list.
"""

from __future__ import annotations

from variants.fairy.movegen import MoveGenerator
from variants.fairy.moves import CASTLE, EN_PASSANT


class LegalMoves(MoveGenerator):
    """The legality filter on top of :class:`MoveGenerator`; :class:`variants.fairy.board.Board` holds the state."""

    def _safe(self, move: int) -> bool:
        """Whether ``move`` leaves the mover's king unattacked."""
        us = self.turn
        return not self._king_attacked_after(move, us, us ^ 1)

    def gives_check(self, move: int) -> bool:
        """Whether ``move`` attacks the opponent's king (SAN asks this of every legal move: on the board list it
        costs half a full make/unmake)."""
        us = self.turn
        return self._king_attacked_after(move, us ^ 1, us)

    def _king_attacked_after(self, move: int, king_colour: int, by: int) -> bool:
        """Whether ``king_colour``'s king is attacked by ``by`` once ``move`` is made, the move set and taken back
        on the board list only (no state but the squares changes)."""
        b = self.board
        f = move & 255
        t = (move >> 8) & 255
        flag = (move >> 16) & 15
        piece = b[f]
        captured = b[t]
        ksq = self.king[king_colour]
        b[f] = 0
        b[t] = (move >> 20) or piece  # a promotion checks with the piece it becomes
        if f == ksq:
            ksq = t
        if flag == EN_PASSANT:
            cs = f - f % self.files + t % self.files
            taken = b[cs]
            b[cs] = 0
            attacked = self.attacked(ksq, by)
            b[cs] = taken
        elif flag == CASTLE:
            rook_from, rook_to = self.castle_rook(f, t)
            rook = b[rook_from]
            b[rook_from] = 0
            b[rook_to] = rook
            attacked = self.attacked(ksq, by)
            b[rook_to] = 0
            b[rook_from] = rook
        else:
            attacked = self.attacked(ksq, by)
        b[t] = captured
        b[f] = piece
        return attacked

    def castle_rook(self, f: int, t: int) -> tuple[int, int]:
        """The (origin, target) of the rook (or Cannon) castling with the king moving from ``f`` to ``t``."""
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
