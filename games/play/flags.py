"""The flag: ending a game whose flag has fallen, and keeping one pending flag check per game.

A game needs one pending flag check, not one per move: the check is due at ``Clock.earliest_flag``, before which
no sequence of moves can make a flag fall, and when it runs without a fallen flag it schedules itself again for
the new bound (``games.tasks.flag``). So a move queues a task only when this process has not armed the game yet
(its first move here); the arbiter's clock changes (time taken away, a resumed pause) always re-arm.

The task is queued by its registered name (:data:`FLAG_TASK`), so this service does not import the task module,
which imports this one.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from datetime import datetime
from types import SimpleNamespace

from django.db import transaction
from django.utils import timezone

from clocks import Clock
from config.celery import app
from games.play.ending import end_on_time
from games.play.engines import put_engine, take_engine
from games.play.game_clock import from_ms, to_ms
from games.play.store import lock_game
from outbox.sender import enqueue
from record.game_states import FLAG, allows
from tournaments.models import Game
from variants.base import Engine

FLAG_TASK = "games.check_flag"  # the name games.tasks.flag registers its task under

_ARMED: OrderedDict[tuple, None] = OrderedDict()
_ARMED_LOCK = threading.Lock()
ARMED_SIZE = 20000
MIN_CHECK_STEP_MS = 1000  # a side with no time left that is not running yet: look again a second later


def schedule_flag_check(game_id: int, due: datetime) -> None:
    """Queue the flag check of ``game_id`` for ``due`` (call after commit).

    Recorded in the outbox, which sends it shortly before it is due, also when the broker was down when the move
    was saved; a game keeps one pending check (the key ``flag:<game>``). Without a broker (development, eager
    tests) nothing is scheduled: an eager task would run at once, before the deadline; every read of the game
    checks the clock instead.
    """
    if app.conf.task_always_eager:
        return
    enqueue(FLAG_TASK, [game_id, due.isoformat()], key=f"flag:{game_id}", due=due, target=f"game {game_id} flag")


def flag_check_due(clock_state: dict, now: datetime) -> datetime | None:
    """When the next flag check of a game with this stored clock is due (None: no clock can run)."""
    bound = Clock.from_dict(clock_state).earliest_flag(to_ms(now))
    if bound is None:
        return None
    return from_ms(to_ms(now) + MIN_CHECK_STEP_MS if bound <= to_ms(now) else bound)


def _armed_key(game: Game) -> tuple:
    return (game.pk, game.started_at)  # ids can be reused (tests); a game starts once


def _is_armed(game: Game) -> bool:
    with _ARMED_LOCK:
        return _armed_key(game) in _ARMED


def _mark_armed(game: Game) -> None:
    with _ARMED_LOCK:
        _ARMED[_armed_key(game)] = None
        while len(_ARMED) > ARMED_SIZE:
            _ARMED.popitem(last=False)


def forget_game(game: Game) -> None:
    """Forget that ``game`` has a pending flag check (it has ended: the check will find it finished)."""
    with _ARMED_LOCK:
        _ARMED.pop(_armed_key(game), None)


def forget_armed() -> None:
    with _ARMED_LOCK:
        _ARMED.clear()


def after_commit(game: Game, engine: Engine | None, now: datetime, *, rearm: bool = False) -> None:
    """After commit: return the engine to the cache and, if the game has no flag check yet, schedule one."""
    due = None
    if game.status != Game.Status.FINISHED and game.clock and (rearm or not _is_armed(game)):
        due = flag_check_due(game.clock, now)
    # What the cache and the flag bookkeeping need, frozen now (a model instance would cost more to build).
    snapshot = SimpleNamespace(
        pk=game.pk,
        version=game.version,
        variant=game.variant,
        start_options=dict(game.start_options or {}),
        start_position=game.start_position,
        moves=list(game.moves),
        started_at=game.started_at,
    )

    def run() -> None:
        if engine is not None:
            put_engine(snapshot, engine)
        if due is not None:
            schedule_flag_check(snapshot.pk, due)
            _mark_armed(snapshot)

    transaction.on_commit(run)


def check_flag(game_id: int, now: datetime | None = None) -> bool:
    """End the game on time if a flag has fallen by ``now``; True if this call ended it. Safe to repeat."""
    with transaction.atomic():
        game = lock_game(game_id)
        if game is None or not game.clock or not allows(game.state, FLAG):
            return False  # only a game in play ends on time (docs/game-states.md): not one reported or disputed
        now = now or timezone.now()
        clock = Clock.from_dict(game.clock).flag_fall(to_ms(now))
        if not clock.flagged:
            return False
        engine = take_engine(game)
        # Finished when the flag fell, not when this check ran (a worker that was down, a late reader).
        game = end_on_time(game, engine, clock, from_ms(clock.flagged_at_ms) if clock.flagged_at_ms is not None else now)
        after_commit(game, None, now)
        return True
