"""8x8 games on python-chess boards, for python-chess to write (and any python-chess reader to replay).

The board a variant's moves are played on is the engine's own python-chess board (Reach, Twilight, Switch-Side
Chain-Chess) or python-chess's standard board (8x8 chess on our fairy engine). :class:`VariantGame` is a
``chess.pgn.Game`` whose ``Variant`` tag finds those boards, so python-chess writes the moves in the variant's
notation; ``chess.pgn.read_game(stream, Visitor=lambda: chess.pgn.GameBuilder(Game=VariantGame))`` reads them
back.
"""

from __future__ import annotations

import chess
import chess.pgn

from tournaments.models import Game
from variants.base import WHITE, Engine, IllegalMoveError, InvalidPositionError
from variants.pychess_base import PyChessEngine
from variants.registry import engines

SWITCH_COMMENT = "switch"  # after a move that switched sides (the board does not show it)


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


class VariantHeaders(chess.pgn.Headers):
    """Headers whose ``Variant`` may name one of our 8x8 variants (python-chess knows only its own)."""

    def variant(self) -> type[chess.Board]:
        found = board_classes().get(self.get("Variant", ""))
        return found if found is not None else super().variant()


class VariantGame(chess.pgn.Game):
    def __init__(self, headers=None) -> None:
        super().__init__(headers)
        self.headers = VariantHeaders(self.headers)


def _played(engine: type[Engine], game: Game, start: str) -> list[tuple[chess.Move, bool]]:
    """The game's moves as python-chess moves, each with whether it switched sides."""
    if not engine.can_switch:
        board = board_class(engine)(start)
        moves = []
        for text in game.moves or []:
            move = board.parse_san(str(text))
            board.push(move)
            moves.append((move, False))
        return moves
    if not issubclass(engine, PyChessEngine):
        raise IllegalMoveError("switches are replayed on python-chess engines only")
    # A switch changes who holds which army, not the board: the engine says after which moves it happened.
    player = engine.from_position(start)
    moves = []
    for text in game.moves or []:
        before = player.controller(WHITE)
        player.play(str(text))
        moves.append((player.board.peek(), player.controller(WHITE) != before))
    return moves


def python_chess_game(engine: type[Engine], game: Game) -> VariantGame | None:
    """The game's moves in a :class:`VariantGame` (headers left to the caller; the caller sets FEN and SetUp
    for a non-standard start); None when the stored moves do not replay on the variant's board."""
    options = game.start_options or {}
    try:
        start = game.start_position or engine.start_position(**options)
        moves = _played(engine, game, start)
    except (ValueError, IllegalMoveError, InvalidPositionError):
        return None
    written = VariantGame()
    node: chess.pgn.GameNode = written
    for move, switched in moves:
        node = node.add_variation(move)
        if switched:
            node.comment = SWITCH_COMMENT
    return written
