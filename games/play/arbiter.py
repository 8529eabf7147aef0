"""The arbiter's clock: pause, resume, or add or take time (FIDE 6.11, 7.5.5, 12.9)."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

import tournaments.services.audit as log
from clocks import Clock, ClockError
from games.play.flags import after_commit
from games.play.game_clock import load_clock, save_clock, to_ms
from games.play.store import lock_game
from games.push import push_game_after_commit
from record.game_states import CLOCK, refusal
from record.refusals import CONFLICT, INVALID, NOT_FOUND, Refusal
from tournaments.models import Game
from variants.base import ARMIES


def _changed(clock: Clock, action: str, side: str | None, delta_ms: int, now: datetime) -> Clock:
    """``clock`` after ``action``; raises Refusal for a bad request or one the clock refuses."""
    try:
        if action == "pause":
            return clock.pause(to_ms(now))
        if action == "resume":
            return clock.resume(to_ms(now))
        if action == "adjust":
            if side not in ARMIES:
                raise Refusal(INVALID, "side", "must be 'white' or 'black' (the army whose time changes)")
            return clock.adjust(side, delta_ms, to_ms(now))
    except ClockError as exc:
        raise Refusal(CONFLICT, "action", str(exc)) from None
    raise Refusal(INVALID, "action", "must be pause, resume or adjust")


def _audit(game: Game, action: str, side: str | None, delta_ms: int, before: Clock, after: Clock, now: datetime, by) -> None:
    rnd = game.round
    what = {"pause": "paused", "resume": "resumed"}.get(action) or f"{side} {delta_ms / 1000:+g} s"
    text = f"Round {rnd.number} board {game.board}: clock {what}"
    at = to_ms(now)
    log.audit(rnd.event, log.CLOCK_CHANGED, text, by=by, round=rnd, before={"board": game.board, **before.view(at)},
              after={"board": game.board, **after.view(at)})  # fmt: skip


def arbiter_clock(
    game_id: int, action: str, *, side: str | None = None, delta_ms: int = 0, now: datetime | None = None, by=None
) -> Game:
    """Pause, resume or adjust a game's clock; raises Refusal on a bad request. Every change is in the event's audit
    trail (who, which board, the clock before and after)."""
    with transaction.atomic():
        game = lock_game(game_id)
        if game is None:
            raise Refusal(NOT_FOUND, "game", "no such game")
        refused = refusal(game.state, CLOCK)  # docs/game-states.md: no clock changes once reported, disputed or over
        if refused is not None:
            raise Refusal(CONFLICT, "game", refused)
        now = now or timezone.now()
        before = load_clock(game)
        clock = _changed(before, action, side, delta_ms, now)
        save_clock(game, clock)
        _audit(game, action, side, delta_ms, before, clock, now, by)
        game.version += 1
        game.save(update_fields=["clock", "flag_deadline", "version"])
        after_commit(game, None, now, rearm=True)  # time taken away or a resumed pause may need an earlier check
        push_game_after_commit(game, now)
        return game
