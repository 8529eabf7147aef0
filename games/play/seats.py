"""Who plays: the seats a user holds in a game, and the sealed moves of the current Parity Chess turn."""

from __future__ import annotations

from games.models import Move
from tournaments.models import Game
from variants.base import BLACK, WHITE


def seats_of(game: Game, user) -> set[str]:
    """The seats ``user`` holds in ``game`` (normally one; both only if one account plays itself)."""
    if user is None or not user.is_authenticated:
        return set()
    white_user = game.white_user_id if hasattr(game, "white_user_id") else game.white.user_id
    black_user = game.black_user_id if hasattr(game, "black_user_id") else game.black.user_id
    seats = set()
    if white_user == user.pk:
        seats.add(WHITE)
    if black_user == user.pk:
        seats.add(BLACK)
    return seats


def pending_sealed(game: Game) -> dict[str, Move]:
    """Parity Chess: the sealed moves of the current turn, by army. Read once per game object (the move path's
    lock says when there are none, and a sealed move keeps it current): the answer and each pushed audience ask."""
    found = getattr(game, "sealed_pending", None)
    if found is None:
        turn_no = len(game.moves) + 1
        found = {m.army: m for m in Move.objects.filter(game=game, ply=turn_no, sealed=True).order_by()}
        game.sealed_pending = found
    return found
