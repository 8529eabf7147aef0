"""The move service: a player's move checked by the engine, the clock pressed, move and game written.

:func:`submit_move` follows the order of checks in the package's docstring under the game's row lock; a move
of a simultaneous variant (Parity Chess) is sealed (:func:`_seal`) and the turn resolved once both are in.
A refusal is a :class:`MoveRejected` and then nothing changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from clocks import Clock, begin_turn, commit
from games.models import Move
from games.play.ending import end_on_board, end_on_time
from games.play.engines import take_engine
from games.play.flags import after_commit
from games.play.game_clock import load_clock, save_clock, to_ms
from games.play.seats import pending_sealed, seats_of
from games.play.store import PLAYABLE_ROUND_STATES, execute, lock_for_move, move_insert, update_game
from tournaments.models import Game
from variants.base import ARMIES, BLACK, WHITE, Engine, IllegalMoveError

MAX_MOVE_LENGTH = 40
MAX_CLIENT_ID_LENGTH = 64


class MoveRejected(Exception):
    """A move (or clock action) the server refuses: ``status`` is the HTTP status, ``field`` the input it concerns."""

    def __init__(self, status: int, field: str, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.field = field
        self.reason = reason


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
    rejection: MoveRejected | None = None
    with transaction.atomic():
        game = lock_for_move(game_id)
        if game is None:
            raise MoveRejected(404, "game", "no such game")
        now = now or timezone.now()
        seats = seats_of(game, user)
        if not seats:
            raise MoveRejected(403, "player", "you are not playing in this game")
        if client_id:
            earlier = Move.objects.filter(game=game, client_id=client_id).order_by().first()
            if earlier is not None:
                if earlier.seat not in seats:
                    raise MoveRejected(409, "client_id", "this client_id was used for another player's move")
                return MoveAnswer(game, earlier.notation, duplicate=True, sealed=earlier.sealed)
        if game.status == Game.Status.FINISHED or game.result:
            raise MoveRejected(409, "game", f"the game is over ({game.result or 'finished'})")
        if game.round_status not in PLAYABLE_ROUND_STATES:
            raise MoveRejected(409, "game", "the round is not published yet")
        engine = take_engine(game)
        clock = load_clock(game)
        fallen = clock.flag_fall(to_ms(now))
        if fallen.flagged:
            game = end_on_time(game, engine, fallen, now)
            after_commit(game, None, now)
            rejection = MoveRejected(409, "game", f"the game is over: the {' and '.join(fallen.flagged)} flag fell")
        elif clock.paused:
            raise MoveRejected(409, "game", "the clocks are paused by the arbiter; wait until play resumes")
        elif engine.simultaneous:
            answer = _seal(game, engine, clock, seats, move, client_id, now)
        else:
            answer = _play(game, engine, clock, seats, move, client_id, now)
    if rejection is not None:
        raise rejection
    return answer


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
    game = _store_move(game, engine, clock, now, ["moves", "position", "controllers", "started_at"], logged)
    return MoveAnswer(game, canonical)


def _store_move(game: Game, engine: Engine, clock: Clock, now: datetime, fields: list[str], logged) -> Game:
    """Write the move (or sealed move) and the game in this transaction: ended on the board, or live on."""
    if engine.outcome() is not None:
        execute(*logged)
        game = end_on_board(game, engine, clock, now, fields)
    else:
        game.status = Game.Status.LIVE
        save_clock(game, clock)
        game.version += 1
        update_game(game, [*fields, "status", "clock", "flag_deadline", "version"], logged)
    after_commit(game, engine, now)
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
        if engine.outcome() is None:
            clock = begin_turn(clock, now_ms)
    game = _store_move(game, engine, clock, now, fields, logged)
    return MoveAnswer(game, move, sealed=True)
