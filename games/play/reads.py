"""What a reader may see of a game, and the flag checked before it is shown."""

from __future__ import annotations

from datetime import datetime

from games.play.flags import check_flag
from games.play.store import PLAYABLE_ROUND_STATES
from tournaments.models import Game
from tournaments.services.events import is_arbiter


def visible_game(game_id: int, user) -> Game | None:
    """The game, if ``user`` may see it: the public (and the players) see published rounds of public events;
    the event's arbiters, its organizer and staff see every game, unpublished pairings included."""
    game = Game.objects.select_related("round__event", "white__user", "black__user").filter(pk=game_id).order_by().first()
    if game is None:
        return None
    event = game.round.event
    if event.is_public and game.round.status in PLAYABLE_ROUND_STATES:
        return game
    return game if is_arbiter(user, event) else None


def refresh_for_read(game: Game, now: datetime) -> Game:
    """Every read checks the clock: a flag past its deadline ends the game before the state is shown."""
    overdue = game.status == Game.Status.LIVE and game.flag_deadline is not None and game.flag_deadline <= now
    if overdue and check_flag(game.pk, now):
        return Game.objects.select_related("round__event", "white__user", "black__user").get(pk=game.pk)
    return game
