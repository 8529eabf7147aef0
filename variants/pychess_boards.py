"""The python-chess boards of the 8x8 variants played a move at a time, for writing (and reading back) their games
with python-chess's PGN code.

Reach, Twilight and Switch-Side Chain-Chess play on their engine's own python-chess board; 8x8 chess, played on
our fairy engine, on python-chess's standard board. Replaying a game on those boards reads its start position, so
it happens here, beside the engines, and the export asks for the moves (tournaments/exports/pgn_board.py).
"""

from __future__ import annotations

from collections.abc import Iterable

import chess

from variants.base import WHITE, Engine, IllegalMoveError, InvalidPositionError
from variants.pychess_base import PyChessEngine
from variants.registry import engines


def board_class(engine: type[Engine]) -> type[chess.Board]:
    """The python-chess board ``engine``'s 8x8 games are played on."""
    return engine.board_class if issubclass(engine, PyChessEngine) else chess.Board


def board_classes() -> dict[str, type[chess.Board]]:
    """PGN ``Variant`` name -> python-chess board, for every 8x8 variant played a move at a time."""
    return {
        engine.pgn_variant: board_class(engine)
        for engine in engines()
        if engine.pgn_variant and engine.files == engine.ranks == 8 and not engine.simultaneous
    }


def played_moves(engine: type[Engine], start: str, moves: Iterable[str]) -> list[tuple[chess.Move, bool]]:
    """``moves`` played from ``start`` as python-chess moves, each with whether it switched sides. Raises
    InvalidPositionError for a start the board cannot read, IllegalMoveError (or python-chess's ValueError) for
    a move it cannot play."""
    if not engine.can_switch:
        try:
            board = board_class(engine)(start)
        except ValueError as exc:
            raise InvalidPositionError(f"bad position string: {exc}") from None
        played = []
        for text in moves:
            move = board.parse_san(str(text))
            board.push(move)
            played.append((move, False))
        return played
    if not issubclass(engine, PyChessEngine):
        raise IllegalMoveError("switches are replayed on python-chess engines only")
    # A switch changes who holds which army, not the board: the engine says after which moves it happened.
    player = engine.from_position(start)
    played = []
    for text in moves:
        before = player.controller(WHITE)
        player.play(str(text))
        played.append((player.board.peek(), player.controller(WHITE) != before))
    return played
