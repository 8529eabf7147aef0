"""Who plays: the seats a user holds in a game, and the sealed moves of the current Parity Chess turn."""

from __future__ import annotations

from games.models import Move
from games.play.live_game import LiveGame
from variants.base import BLACK, WHITE


def seats_of(game: LiveGame, user) -> set[str]:
    """The seats ``user`` holds in ``game`` (normally one; both only if one account plays itself)."""
    if user is None or not user.is_authenticated:
        return set()
    seats = set()
    if game.white_user_id == user.pk:
        seats.add(WHITE)
    if game.black_user_id == user.pk:
        seats.add(BLACK)
    return seats


def pending_sealed(game: LiveGame) -> dict[str, Move]:
    """Parity Chess: the sealed moves of the current turn, by army. Read once per LiveGame (the move path's lock
    says when there are none, and a sealed move keeps it current): the answer and each pushed audience ask."""
    if game.sealed is None:
        turn_no = len(game.game.moves) + 1
        game.sealed = {m.army: m for m in Move.objects.filter(game_id=game.pk, ply=turn_no, sealed=True).order_by()}
    return game.sealed
