"""Ending a live game: on the board (the engine's outcome) or on time, then scoring it through
``tournaments.services.results.record_result``, the one way a result is written."""

from __future__ import annotations

import logging
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction

from clocks import Clock
from games.play.game_clock import from_ms, save_clock, to_ms
from tournaments.models import Game
from tournaments.services.results import record_result
from variants.base import TIME_FORFEIT, TIME_FORFEIT_LONE_KING, Engine, other
from variants.replay import seat_result

log = logging.getLogger(__name__)


def _record(game: Game, *, result: str, termination: str, position: str, checking_side=None, forcing_side=None) -> Game:
    """Score the ended game; an ending the scoring profile cannot score goes to the arbiter as disputed."""
    try:
        with transaction.atomic():
            return record_result(
                game,
                result=result,
                termination=termination,
                position=position,
                checking_side=checking_side,
                forcing_side=forcing_side,
            )
    except ValidationError as exc:
        # The game is over on the board either way; rather than losing the move that ended it, the arbiter decides.
        log.warning("game %s: %s %s could not be scored: %s", game.pk, result, termination, exc)
        game.result, game.termination = result, termination
        game.result_status = Game.ResultStatus.DISPUTED
        game.save(update_fields=["result", "termination", "result_status"])
        return game


def _finish(game: Game, clock: Clock, now: datetime, fields: list[str]) -> None:
    game.status = Game.Status.FINISHED
    game.finished_at = now
    save_clock(game, clock)
    game.flag_deadline = None
    game.version += 1
    game.save(update_fields=[*fields, "status", "finished_at", "clock", "flag_deadline", "version"])


def time_forfeit(engine: Engine, clock: Clock) -> tuple[str, str]:
    """(result, termination) for a fallen flag: the flagged army's controller loses, unless the opponent
    has only a king left (a draw, FIDE 6.9, where the variant knows that ending)."""
    if len(clock.flagged) == 2:
        # Both flags fell at the same millisecond (only possible in Parity Chess): no one flagged first.
        return "1/2-1/2", TIME_FORFEIT
    opponent = other(clock.flagged[0])
    if TIME_FORFEIT_LONE_KING in engine.terminations and engine.material()[opponent] == 0:
        return "1/2-1/2", TIME_FORFEIT_LONE_KING
    return seat_result(engine.controller(opponent)), TIME_FORFEIT


def end_on_time(game: Game, engine: Engine, clock: Clock, now: datetime) -> Game:
    """End the game whose flag has fallen (``clock.flagged``), save it and score it. It finished when the flag
    fell, whoever noticed it and however much later (a read, a move, the flag task, the sweep)."""
    result, termination = time_forfeit(engine, clock)
    fell = from_ms(clock.flagged_at_ms) if clock.flagged_at_ms is not None else now
    _finish(game, clock, min(fell, now), [])
    return _record(game, result=result, termination=termination, position=engine.position())


def end_off_board(
    game: Game, engine: Engine, clock: Clock, now: datetime, *, result: str, termination: str, checking_side: str | None = None
) -> Game:
    """End the game by the players or the arbiter (resignation, agreement, a claim upheld), save it and score it:
    the clocks stop and the position on the board is the one material is read from."""
    _finish(game, clock.stop(to_ms(now)), now, [])
    return _record(game, result=result, termination=termination, position=engine.position(), checking_side=checking_side)


def end_on_board(game: Game, engine: Engine, clock: Clock, now: datetime, fields: list[str]) -> Game:
    """End the game the engine says is over, saving ``fields`` too, and score it."""
    outcome = engine.outcome()
    assert outcome is not None
    _finish(game, clock.stop(to_ms(now)), now, fields)
    winner_seat = engine.controller(outcome.winner) if outcome.winner else None
    return _record(
        game,
        result=seat_result(winner_seat),
        termination=outcome.termination,
        position=engine.position(),
        checking_side=outcome.checking_side,
        forcing_side=outcome.forcing_side,
    )
