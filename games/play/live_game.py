"""A game as live play holds it: the board's row and the facts read with it, typed (never set on the row).

The move path reads the game row locked together with what a move needs from the players, the round and the event,
whether any offer or claim waits, the latest sealed move and the move of a retried ``client_id``, all in one
statement (:func:`games.play.store.lock_for_move`): that is a :class:`LiveGame` with its :class:`GameFacts`. What
the request learns on the way (the waiting actions once read, the sealed moves of the turn, the position the move
computed, the state pushed to the sockets) is kept on it too, so that the answer and the push ask nothing twice.

A row read without the lock (a GET, a socket, the arbiter's clock) is wrapped as ``LiveGame(game)``: its facts then
come from its relations (which those reads load with it) and the waiting actions and sealed moves are read on
first use.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.models import GameAction, Move
from tournaments.models import Game


@dataclass(frozen=True)
class GameFacts:
    """What the move path reads with the locked row from the players, the round and the event."""

    white_user_id: int | None
    black_user_id: int | None
    round_status: str
    round_number: int
    event_slug: str
    event_time_control: str


@dataclass(eq=False)
class LiveGame:
    """The game row and what live play knows with it. ``None`` in ``waiting`` or ``sealed``: not read yet
    (:mod:`games.play.pending` and :func:`games.play.seats.pending_sealed` read them on first use)."""

    game: Game
    facts: GameFacts | None = None  # None: a row read without the lock; its relations answer
    waiting: list[GameAction] | None = None  # the offers and claims still waiting, oldest first
    sealed: dict[str, Move] | None = None  # Parity Chess: the sealed moves of the turn under way, by army
    earlier_move_id: int | None = None  # the move already recorded under the request's client_id (a retry)
    fresh_position: str = ""  # the position the move just computed: the answer shows it without the engine
    pushed_detail: dict | None = None  # the public state pushed after commit: the answer reuses it

    @property
    def pk(self) -> int:
        return self.game.pk

    @property
    def white_user_id(self) -> int | None:
        return self.facts.white_user_id if self.facts else self.game.white.user_id

    @property
    def black_user_id(self) -> int | None:
        return self.facts.black_user_id if self.facts else self.game.black.user_id

    @property
    def round_status(self) -> str:
        return self.facts.round_status if self.facts else self.game.round.status

    @property
    def round_number(self) -> int:
        return self.facts.round_number if self.facts else self.game.round.number

    @property
    def event_slug(self) -> str:
        return self.facts.event_slug if self.facts else self.game.round.event.slug

    @property
    def event_time_control(self) -> str:
        return self.facts.event_time_control if self.facts else self.game.round.event.time_control


def live(game: Game | LiveGame) -> LiveGame:
    """``game`` as a LiveGame (a row read without the lock is wrapped; its facts come from its relations)."""
    return game if isinstance(game, LiveGame) else LiveGame(game)
