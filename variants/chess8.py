"""Plain 8x8 chess on the generic fairy engine (not python-chess): the engine's proof against published perft
figures, and the board of ordinary chess games scored with seed 002's dynamic scoring."""

from __future__ import annotations

from variants.base import InvalidPositionError
from variants.fairy.engine import FairyEngine
from variants.standard_start import STANDARD_START
from variants.terminations import CHESS_LIKE, OFF_BOARD

START = STANDARD_START
PROMOTIONS = ("Queen", "Rook", "Bishop", "Knight")


class ChessEngine(FairyEngine):
    key = "chess"
    name = "Chess"
    files = 8
    ranks = 8
    endings = CHESS_LIKE | OFF_BOARD
    pgn_variant = name
    default_steps = 2
    writes_steps = False
    insufficient_rule = True

    @classmethod
    def new(cls, **options: object) -> ChessEngine:
        return cls.from_position(START)

    @classmethod
    def from_position(cls, position: str, **options: object) -> ChessEngine:
        engine = cls.build(position, PROMOTIONS)
        if engine.steps != 2:
            raise InvalidPositionError("plain chess castles with a two-square king move (seventh field 2)")
        return engine

    @classmethod
    def from_tags(cls, tags: dict[str, str]) -> ChessEngine:
        return cls.from_position(tags["FEN"]) if "FEN" in tags else cls.new()

    def standard_start(self) -> str:
        return START
