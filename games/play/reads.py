"""What a reader may see of a game, and the flag checked before it is shown."""

from __future__ import annotations

from datetime import datetime

from games.play.flags import check_flag
from games.play.store import PLAYABLE_ROUND_STATES
from tournaments.models import Game
from tournaments.services.events import is_arbiter


def visible_game(game_id: int, user) -> Game | None:
    """The game, if ``user`` may see it: the public sees published rounds of public events, its two players see
    it once published in a private event too; the event's arbiters, its organizer and staff see every game,
    unpublished pairings included."""
    game = Game.objects.select_related("round__event", "white__user", "black__user").filter(pk=game_id).order_by().first()
    if game is None:
        return None
    event = game.round.event
    if game.round.status in PLAYABLE_ROUND_STATES and (event.is_public or _plays(user, game)):
        return game  # a private event's players see their own games (page, API, socket) once published
    return game if is_arbiter(user, event) else None


def _plays(user, game: Game) -> bool:
    return bool(user is not None and user.is_authenticated and user.pk in (game.white.user_id, game.black.user_id))


def refresh_for_read(game: Game, now: datetime) -> Game:
    """Every read checks the clock: a flag past its deadline ends the game before the state is shown."""
    overdue = game.status == Game.Status.LIVE and game.flag_deadline is not None and game.flag_deadline <= now
    if overdue and check_flag(game.pk, now):
        return Game.objects.select_related("round__event", "white__user", "black__user").get(pk=game.pk)
    return game
