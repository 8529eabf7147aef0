"""Shared helpers of the live-game tests: an event with a published round, two players and a game.

Also a tiny test-only Parity engine (python-chess moves played one after the other) used until (and alongside)
the real variants.parity engine: the live-game code only needs ``simultaneous``, ``legal_moves(army)`` and
``play_turn``.
"""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta

import chess

from variants.base import BLACK, WHITE, IllegalMoveError
from variants.pychess_base import PyChessEngine
from variants.terminations import CHESS_LIKE, OFF_BOARD, SIMULTANEOUS_ENDINGS

T0 = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)
_counter = itertools.count(1)


def at(seconds: float) -> datetime:
    """A server time ``seconds`` after T0."""
    return T0 + timedelta(seconds=seconds)


class ToyParity(PyChessEngine):
    """Test-only: both armies move at once; the turn plays White's move then Black's."""

    key = "parity"
    name = "Toy Parity"
    simultaneous = True
    endings = CHESS_LIKE | OFF_BOARD | SIMULTANEOUS_ENDINGS

    @property
    def turn(self) -> str:
        return WHITE

    def legal_moves(self, army: str | None = None) -> list[str]:
        if self.outcome() is not None:
            return []
        board = self.board.copy(stack=False)
        board.turn = chess.WHITE if (army or WHITE) == WHITE else chess.BLACK
        return [board.san(m) for m in board.legal_moves]

    def play_turn(self, white_move: str, black_move: str) -> str:
        board = self.board
        try:
            board.turn = chess.WHITE
            board.push_san(white_move)
            board.push_san(black_move)
        except ValueError as exc:
            raise IllegalMoveError(str(exc)) from None
        return f"{white_move} {black_move}"


def use_toy_parity(monkeypatch) -> None:
    from games.play.engines import clear_engine_cache
    from variants import registry

    monkeypatch.setitem(registry.ENGINES, "parity", "tests.games.live_support:ToyParity")
    clear_engine_cache()


def make_game(
    *,
    variant: str = "sscc",
    time_control: str = "5m+2",
    round_status: str = "published",
    start_position: str = "",
    scoring: str = "dynamic",
):
    """A game of a published round between two players with accounts; returns (game, white_user, black_user)."""
    from django.contrib.auth import get_user_model

    from tournaments.models import Event, Game, Player, Round

    n = next(_counter)
    User = get_user_model()
    organizer = User.objects.create_user(f"org{n}")
    event = Event.objects.create(
        name=f"Live {n}",
        slug=f"live-{n}-{variant}",
        organizer=organizer,
        variant_policy=Event.VariantPolicy.FIXED,
        variant_key=variant,
        time_control=time_control,
        scoring=scoring,
    )
    rnd = Round.objects.create(event=event, number=1, status=round_status)
    white_user = User.objects.create_user(f"white{n}")
    black_user = User.objects.create_user(f"black{n}")
    white = Player.objects.create(name=f"Wanda White {n}", rating=2000, user=white_user)
    black = Player.objects.create(name=f"Boris Black {n}", rating=1900, user=black_user)
    game = Game.objects.create(round=rnd, board=1, white=white, black=black, variant=variant, start_position=start_position)
    return game, white_user, black_user


def player_for(game, army: str, white_user, black_user):
    """The account controlling ``army`` according to the API's own answer."""
    return white_user if army == WHITE else black_user


__all__ = ["BLACK", "T0", "WHITE", "ToyParity", "at", "make_game", "player_for", "use_toy_parity"]
