"""A throwaway variant with a way to win of its own: King of the Hill (a king on one of the four centre squares
wins at once). One Engine subclass, registered by one line in :func:`tests.architecture.extensions.install`."""

from __future__ import annotations

from variants.base import BLACK, WHITE, Outcome
from variants.chess8 import ChessEngine
from variants.terminations import decisive

KEY = "koth"
HILL = "reached-the-hill"
REACHED_THE_HILL = decisive(HILL, "reached the hill")
CENTRE = ("d4", "e4", "d5", "e5")


class HillEngine(ChessEngine):
    """Chess where a king reaching the centre wins at once."""

    key = KEY
    name = "King of the Hill"
    pgn_variant = "King of the Hill"
    endings = ChessEngine.endings | {REACHED_THE_HILL}

    def outcome(self) -> Outcome | None:
        centre = {self.board.rules.geo.parse_square(name) for name in CENTRE}
        for army in (WHITE, BLACK):
            if self.board.king[(WHITE, BLACK).index(army)] in centre:
                return Outcome(HILL, army, forcing_side=army)
        return super().outcome()
