"""The frame every player's action runs in: the game row locked, the player seated, the flag checked first.

A move, a resignation, a draw offer or a claim is one transaction holding the game's row (lila's order of checks,
docs/rules/clocks.md): lock -> is this user playing? -> does the game's state allow the action
(record.game_states, docs/game-states.md: not reported, disputed or final) and is its round published? -> has
a flag already fallen (then the game ends on time, that is committed, and the action is refused)? -> the action.
A refusal is a :class:`record.refusals.Refusal` raised before anything is written, so the transaction changes
nothing (config.api_errors answers it).
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
from games.play.live_game import LiveGame
from games.play.seats import seats_of
from games.play.store import PLAYABLE_ROUND_STATES, lock_for_move
from games.push import push_game_after_commit
from record.game_states import MOVE, refusal
from record.refusals import CONFLICT, FORBIDDEN, NOT_FOUND, Refusal
from tournaments.models import Game
from tournaments.services.events import is_arbiter
from variants.base import Engine

T = TypeVar("T")


@dataclass
class Seated:
    """What an action sees under the row lock: the game (typed, with what was read with it), its engine and
    clock, the user's seats, the time."""

    live: LiveGame
    engine: Engine
    clock: Clock
    seats: set[str]
    now: datetime

    @property
    def game(self) -> Game:
        """The game's row (after the game ended, the row as scoring left it)."""
        return self.live.game

    @property
    def seat(self) -> str:
        """The seat acting: the user's one seat (one account holding both acts for the army to move)."""
        if len(self.seats) == 1:
            return next(iter(self.seats))
        return self.engine.controller(self.engine.turn)


def _may_see(live: LiveGame, user) -> bool:
    """Whether ``user`` may know the game exists: a published round, or the event's staff (arbiters, organizer)."""
    return live.round_status in PLAYABLE_ROUND_STATES or is_arbiter(user, live.game.round.event)


def run_locked(
    game_id: int,
    user,
    now: datetime,
    act: Callable[[Seated], T],
    *,
    first: Callable[[LiveGame, set[str]], T | None] | None = None,
    while_paused: bool = False,
    client_id: str = "",
    action: str = MOVE,
) -> T:
    """Run ``act`` for ``user`` in game ``game_id`` under the row lock; raises :class:`Refusal`.

    ``action`` is what the game's state is asked about (record.game_states: ``MOVE``, or ``PLAY`` for
    resigning, offers and claims); a state that refuses it is a conflict naming why, asked of the row already
    locked. ``first`` runs before the state checks (a retried move answers what it answered the first time);
    ``while_paused`` lets the action through while the arbiter has paused the clocks (it does not move);
    ``client_id``: the lock also reads the move recorded under it, if any (``LiveGame.earlier_move_id``).
    """
    rejection: Refusal | None = None
    with transaction.atomic():
        live = lock_for_move(game_id, client_id)
        if live is None or not _may_see(live, user):
            # An unpublished pairing is not found by anyone but the event's staff, as a read answers (visible_game).
            raise Refusal(NOT_FOUND, "game", "no such game")
        seats = seats_of(live, user)
        if not seats:
            raise Refusal(FORBIDDEN, "player", "you are not playing in this game")
        early = first(live, seats) if first is not None else None
        if early is not None:
            return early
        game = live.game
        refused = refusal(game.state, action)  # a dictionary lookup on the locked row: no query
        if refused is not None:
            raise Refusal(CONFLICT, "game", refused)
        if live.round_status not in PLAYABLE_ROUND_STATES:
            raise Refusal(CONFLICT, "game", "the round is not published yet")
        engine = take_engine(game)
        clock = load_clock(game, live.event_time_control)
        fallen = clock.flag_fall(to_ms(now))
        if fallen.flagged:
            live.game = end_on_time(game, engine, fallen, now)
            after_commit(live.game, None, now)
            push_game_after_commit(live, now)
            rejection = Refusal(CONFLICT, "game", f"the game is over: the {' and '.join(fallen.flagged)} flag fell")
        elif clock.paused and not while_paused:
            put_engine(game, engine)
            raise Refusal(CONFLICT, "game", "the clocks are paused by the arbiter; wait until play resumes")
        else:
            try:
                answer = act(Seated(live, engine, clock, seats, now))
            except Refusal:
                put_engine(game, engine)  # refusals come before the engine or the game changes: keep it cached
                raise
    if rejection is not None:
        raise rejection
    return answer
