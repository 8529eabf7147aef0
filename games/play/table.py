"""The frame every player's action runs in: the game row locked, the player seated, the flag checked first.

A move, a resignation, a draw offer or a claim is one transaction holding the game's row (lila's order of checks,
docs/rules/clocks.md): lock -> is this user playing? -> does the game's state allow the action
(tournaments.game_states, docs/game-states.md: not reported, disputed or final) and is its round published? -> has
a flag already fallen (then the game ends on time, that is committed, and the action is refused)? -> the action.
A refusal is a :class:`MoveRejected` raised before anything is written, so the transaction changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TypeVar

from django.db import transaction

from clocks import Clock
from games.play.ending import end_on_time
from games.play.engines import put_engine, take_engine
from games.play.flags import after_commit
from games.play.game_clock import load_clock, to_ms
from games.play.seats import seats_of
from games.play.store import PLAYABLE_ROUND_STATES, lock_for_move
from games.push import push_game_after_commit
from tournaments.game_states import MOVE, refusal
from tournaments.models import Game
from tournaments.services.events import is_arbiter
from variants.base import Engine

T = TypeVar("T")


class MoveRejected(Exception):
    """An action the server refuses: ``status`` is the HTTP status, ``field`` the input it concerns."""

    def __init__(self, status: int, field: str, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.field = field
        self.reason = reason


@dataclass
class Seated:
    """What an action sees under the row lock: the game, its engine and clock, the user's seats, the time."""

    game: Game
    engine: Engine
    clock: Clock
    seats: set[str]
    now: datetime

    @property
    def seat(self) -> str:
        """The seat acting: the user's one seat (one account holding both acts for the army to move)."""
        if len(self.seats) == 1:
            return next(iter(self.seats))
        return self.engine.controller(self.engine.turn)


def _may_see(game: Game, user) -> bool:
    """Whether ``user`` may know the game exists: a published round, or the event's staff (arbiters, organizer)."""
    return game.round_status in PLAYABLE_ROUND_STATES or is_arbiter(user, game.round.event)


def run_locked(
    game_id: int,
    user,
    now: datetime,
    act: Callable[[Seated], T],
    *,
    first: Callable[[Game, set[str]], T | None] | None = None,
    while_paused: bool = False,
    client_id: str = "",
    action: str = MOVE,
) -> T:
    """Run ``act`` for ``user`` in game ``game_id`` under the row lock; raises :class:`MoveRejected`.

    ``action`` is what the game's state is asked about (tournaments.game_states: ``MOVE``, or ``PLAY`` for
    resigning, offers and claims); a state that refuses it is a 409 naming why, asked of the row already locked.
    ``first`` runs before the state checks (a retried move answers what it answered the first time);
    ``while_paused`` lets the action through while the arbiter has paused the clocks (it does not move);
    ``client_id``: the lock also reads the move recorded under it, if any (``game.earlier_move_id``).
    """
    rejection: MoveRejected | None = None
    with transaction.atomic():
        game = lock_for_move(game_id, client_id)
        if game is None or not _may_see(game, user):
            # An unpublished pairing is 404 to everyone but the event's staff, as a read answers (visible_game).
            raise MoveRejected(404, "game", "no such game")
        seats = seats_of(game, user)
        if not seats:
            raise MoveRejected(403, "player", "you are not playing in this game")
        early = first(game, seats) if first is not None else None
        if early is not None:
            return early
        refused = refusal(game.state, action)  # a dictionary lookup on the locked row: no query
        if refused is not None:
            raise MoveRejected(409, "game", refused)
        if game.round_status not in PLAYABLE_ROUND_STATES:
            raise MoveRejected(409, "game", "the round is not published yet")
        engine = take_engine(game)
        clock = load_clock(game)
        fallen = clock.flag_fall(to_ms(now))
        if fallen.flagged:
            game = end_on_time(game, engine, fallen, now)
            after_commit(game, None, now)
            push_game_after_commit(game, now)
            rejection = MoveRejected(409, "game", f"the game is over: the {' and '.join(fallen.flagged)} flag fell")
        elif clock.paused and not while_paused:
            put_engine(game, engine)
            raise MoveRejected(409, "game", "the clocks are paused by the arbiter; wait until play resumes")
        else:
            try:
                answer = act(Seated(game, engine, clock, seats, now))
            except MoveRejected:
                put_engine(game, engine)  # refusals come before the engine or the game changes: keep it cached
                raise
    if rejection is not None:
        raise rejection
    return answer
