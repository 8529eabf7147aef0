"""8x8 games on python-chess boards, for python-chess to write (and any python-chess reader to replay).

The board a variant's moves are played on is the engine's own python-chess board (Reach, Twilight, Switch-Side
Chain-Chess) or python-chess's standard board (8x8 chess on our fairy engine): :mod:`variants.pychess_boards`
names it and replays the moves on it (reading the start position is the variants' business).
:class:`VariantGame` is a ``chess.pgn.Game`` whose ``Variant`` tag finds those boards, so python-chess writes the
moves in the variant's notation; ``chess.pgn.read_game(stream, Visitor=lambda: chess.pgn.GameBuilder(
Game=VariantGame))`` reads them back.
"""

from __future__ import annotations

import chess
import chess.pgn

from tournaments.models import Game
from variants.base import Engine, IllegalMoveError, InvalidPositionError
from variants.pychess_boards import board_classes, played_moves

SWITCH_COMMENT = "switch"  # after a move that switched sides (the board does not show it)


class VariantHeaders(chess.pgn.Headers):
    """Headers whose ``Variant`` may name one of our 8x8 variants (python-chess knows only its own)."""

    def variant(self) -> type[chess.Board]:
        found = board_classes().get(self.get("Variant", ""))
        return found if found is not None else super().variant()


class VariantGame(chess.pgn.Game):
    def __init__(self, headers=None) -> None:
        super().__init__(headers)
        self.headers = VariantHeaders(self.headers)


def python_chess_game(engine: type[Engine], game: Game) -> VariantGame | None:
    """The game's moves in a :class:`VariantGame` (headers left to the caller; the caller sets FEN and SetUp
    for a non-standard start); None when the stored moves do not replay on the variant's board."""
    options = game.start_options or {}
    try:
        start = game.start_position or engine.start_position(**options)
        moves = played_moves(engine, start, game.moves or [])
    except (ValueError, IllegalMoveError, InvalidPositionError):
        return None
    written = VariantGame()
    node: chess.pgn.GameNode = written
    for move, switched in moves:
        node = node.add_variation(move)
        if switched:
            node.comment = SWITCH_COMMENT
    return written
