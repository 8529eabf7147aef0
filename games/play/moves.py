"""The move service: a player's move checked by the engine, the clock pressed, move and game written.

:func:`submit_move` runs in :func:`games.play.table.run_locked` (the row lock and the order of checks in the
package's docstring); a move of a simultaneous variant (Parity Chess) is sealed (:func:`_seal`) and the turn
resolved once both are in. A refusal is a :class:`MoveRejected` and then nothing changes. Every move also answers
the waiting draw offers and claims (:mod:`games.play.pending`) and, once committed, is pushed to the sockets.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from clocks import Clock, begin_turn, commit
from games.models import Move
from games.play.ending import end_on_board
from games.play.flags import after_commit
from games.play.game_clock import save_clock, to_ms
from games.play.pending import settle_after_move
from games.play.seats import pending_sealed
from games.play.store import execute, move_insert, update_game
from games.play.table import MoveRejected, Seated, run_locked
from games.push import push_game_after_commit
from tournaments.models import Game
from variants.base import ARMIES, BLACK, WHITE, Engine, IllegalMoveError

MAX_MOVE_LENGTH = 40
MAX_CLIENT_ID_LENGTH = 64

__all__ = ["MoveAnswer", "MoveRejected", "play_seated", "submit_move"]


@dataclass
class MoveAnswer:
    game: Game
    move: str  # the move as recorded (canonical notation; for a sealed move, what the player sealed)
    duplicate: bool = False
    sealed: bool = False


def _check_input(move: object, client_id: object) -> tuple[str, str]:
    if not isinstance(move, str) or not move.strip():
        raise MoveRejected(400, "move", "a move is required (a string in the notation of legal_moves)")
    if len(move) > MAX_MOVE_LENGTH:
        raise MoveRejected(400, "move", f"at most {MAX_MOVE_LENGTH} characters")
    if client_id is None:
        client_id = ""
    if not isinstance(client_id, str) or len(client_id) > MAX_CLIENT_ID_LENGTH:
        raise MoveRejected(400, "client_id", f"must be a string of at most {MAX_CLIENT_ID_LENGTH} characters")
    return move.strip(), client_id.strip()


def submit_move(game_id: int, user, move: object, client_id: object = "", now: datetime | None = None) -> MoveAnswer:
    """Play ``move`` for ``user`` in game ``game_id``; raises :class:`MoveRejected` and then changes nothing
    (except ending the game when a flag had already fallen: that is committed, then the move is refused)."""
    move, client_id = _check_input(move, client_id)

    def retried(game: Game, seats: set[str]) -> MoveAnswer | None:
        if game.earlier_move_id is None:  # read with the lock (games.play.store.lock_for_move)
            return None
        earlier = Move.objects.get(pk=game.earlier_move_id)
        if earlier.seat not in seats:
            raise MoveRejected(409, "client_id", "this client_id was used for another player's move")
        return MoveAnswer(game, earlier.notation, duplicate=True, sealed=earlier.sealed)

    def act(seated: Seated) -> MoveAnswer:
        return play_seated(seated, move, client_id)

    return run_locked(game_id, user, now or timezone.now(), act, first=retried, client_id=client_id)


def play_seated(seated: Seated, move: str, client_id: str = "") -> MoveAnswer:
    """Play (or, in a simultaneous variant, seal) ``move`` in the locked game; also the first half of a draw
    offer or claim that is made with a move."""
    game, engine, clock, seats, now = seated.game, seated.engine, seated.clock, seated.seats, seated.now
    if engine.simultaneous:
        return _seal(game, engine, clock, seats, move, client_id, now)
    return _play(game, engine, clock, seats, move, client_id, now)


def _play(game: Game, engine: Engine, clock: Clock, seats: set[str], move: str, client_id: str, now: datetime) -> MoveAnswer:
    army = engine.turn
    seat = engine.controller(army)
    if seat not in seats:
        raise MoveRejected(409, "turn", f"not your turn: the {army} army is to move, played by the {seat} seat")
    try:
        canonical = engine.play(move)
    except IllegalMoveError as exc:
        raise MoveRejected(400, "move", str(exc)) from None
    now_ms = to_ms(now)
    if not clock.running:
        clock = clock.start({army}, now_ms)  # the first move starts the game and its clock
    clock = clock.switch(army, now_ms)
    game.moves = [*game.moves, canonical]
    game.position = engine.position()
    game.controllers = {a: engine.controller(a) for a in ARMIES}
    if game.started_at is None:
        game.started_at = now
    logged = move_insert(
        now,
        game=game.pk,
        ply=len(game.moves),
        army=army,
        seat=seat,
        notation=canonical,
        client_id=client_id,
        sealed=False,
        clock_after=clock.view(now_ms),
    )
    game.fresh_position = game.position  # the answer shows it without asking the engine again
    game = _store_move(game, engine, clock, now, ["moves", "position", "controllers", "started_at"], logged, seat, True)
    return MoveAnswer(game, canonical)


def _store_move(
    game: Game, engine: Engine, clock: Clock, now: datetime, fields: list[str], logged, mover: str, resolved: bool
) -> Game:
    """Write the move (or sealed move) and the game in this transaction: ended on the board, or live on; then
    settle the offers and claims the move answers and push the new state once committed."""
    outcome = engine.outcome()
    settle_after_move(game, mover, now, ending=outcome.termination if outcome else None, turn_resolved=resolved)
    if outcome is not None:
        execute(*logged)
        game = end_on_board(game, engine, clock, now, fields)
    else:
        game.status = Game.Status.LIVE
        save_clock(game, clock)
        game.version += 1
        update_game(game, [*fields, "status", "clock", "flag_deadline", "version"], logged)
    after_commit(game, engine, now)
    push_game_after_commit(game, now)
    return game


def _seal(game: Game, engine: Engine, clock: Clock, seats: set[str], move: str, client_id: str, now: datetime) -> MoveAnswer:
    """Parity Chess: record a sealed move; when both are in, resolve the turn with the engine."""
    pending = pending_sealed(game)
    mine = [a for a in ARMIES if engine.controller(a) in seats]
    open_armies = [a for a in mine if a not in pending]
    if not open_armies:
        raise MoveRejected(409, "move", "you have already sealed your move for this turn; wait for your opponent")
    army = open_armies[0]
    if move not in engine.legal_moves(army):
        raise MoveRejected(400, "move", f"{move} is not a legal move for the {army} army here")
    now_ms = to_ms(now)
    if not clock.running:
        clock = begin_turn(clock, now_ms)  # the first sealed move starts the game: both clocks run
    clock = commit(clock, army, now_ms)
    turn_no = len(game.moves) + 1
    logged = move_insert(
        now,
        game=game.pk,
        ply=turn_no,
        army=army,
        seat=engine.controller(army),
        notation=move,
        client_id=client_id,
        sealed=True,
        clock_after=clock.view(now_ms),
    )
    if game.started_at is None:
        game.started_at = now
    fields = ["started_at"]
    pending_moves = {a: m.notation for a, m in pending.items()} | {army: move}
    if len(pending_moves) == 2:
        try:
            engine.play_turn(pending_moves[WHITE], pending_moves[BLACK])
        except IllegalMoveError as exc:
            raise MoveRejected(400, "move", str(exc)) from None
        game.moves = [*game.moves, f"{pending_moves[WHITE]} {pending_moves[BLACK]}"]
        game.position = game.fresh_position = engine.position()
        fields += ["moves", "position"]
        game.sealed_pending = {}  # the turn is resolved: nothing sealed for the next one yet
        if engine.outcome() is None:
            clock = begin_turn(clock, now_ms)
    else:
        sealed = Move(game_id=game.pk, ply=turn_no, army=army, seat=engine.controller(army), notation=move, sealed=True)
        game.sealed_pending = {**pending, army: sealed}
    game = _store_move(game, engine, clock, now, fields, logged, engine.controller(army), len(pending_moves) == 2)
    return MoveAnswer(game, move, sealed=True)
