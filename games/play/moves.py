"""The move service: a player's move checked by the engine, the clock pressed, move and game written.

:func:`submit_move` runs in :func:`games.play.table.run_locked` (the row lock and the order of checks in the
package's docstring); a move of a simultaneous variant (Parity Chess) is sealed (:func:`_seal`) and the turn
resolved once both are in. A refusal is a :class:`~record.refusals.Refusal` and then nothing changes. Every
move is stored through :func:`games.play.store.store_move`, answers the waiting draw offers and claims
(:mod:`games.play.pending`) and, once committed, is pushed to the sockets.
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
from games.play.live_game import LiveGame
from games.play.pending import settle_after_move
from games.play.seats import pending_sealed
from games.play.store import store_move
from games.play.table import Seated, run_locked
from games.push import push_game_after_commit
from record.refusals import CONFLICT, INVALID, Refusal
from tournaments.models import Game
from variants.base import ARMIES, BLACK, WHITE, Engine, IllegalMoveError

MAX_MOVE_LENGTH = 40
MAX_CLIENT_ID_LENGTH = 64

__all__ = ["MoveAnswer", "play_seated", "submit_move"]


@dataclass
class MoveAnswer:
    live: LiveGame
    move: str  # the move as recorded (canonical notation; for a sealed move, what the player sealed)
    duplicate: bool = False
    sealed: bool = False

    @property
    def game(self) -> Game:
        return self.live.game


def _check_input(move: object, client_id: object) -> tuple[str, str]:
    if not isinstance(move, str) or not move.strip():
        raise Refusal(INVALID, "move", "a move is required (a string in the notation of legal_moves)")
    if len(move) > MAX_MOVE_LENGTH:
        raise Refusal(INVALID, "move", f"at most {MAX_MOVE_LENGTH} characters")
    if client_id is None:
        client_id = ""
    if not isinstance(client_id, str) or len(client_id) > MAX_CLIENT_ID_LENGTH:
        raise Refusal(INVALID, "client_id", f"must be a string of at most {MAX_CLIENT_ID_LENGTH} characters")
    return move.strip(), client_id.strip()


def submit_move(game_id: int, user, move: object, client_id: object = "", now: datetime | None = None) -> MoveAnswer:
    """Play ``move`` for ``user`` in game ``game_id``; raises :class:`Refusal` and then changes nothing (except
    ending the game when a flag had already fallen: that is committed, then the move is refused)."""
    move, client_id = _check_input(move, client_id)

    def retried(live: LiveGame, seats: set[str]) -> MoveAnswer | None:
        if live.earlier_move_id is None:  # read with the lock (games.play.store.lock_for_move)
            return None
        earlier = Move.objects.get(pk=live.earlier_move_id)
        if earlier.seat not in seats:
            raise Refusal(CONFLICT, "client_id", "this client_id was used for another player's move")
        return MoveAnswer(live, earlier.notation, duplicate=True, sealed=earlier.sealed)

    def act(seated: Seated) -> MoveAnswer:
        return play_seated(seated, move, client_id)

    return run_locked(game_id, user, now or timezone.now(), act, first=retried, client_id=client_id)


def play_seated(seated: Seated, move: str, client_id: str = "") -> MoveAnswer:
    """Play (or, in a simultaneous variant, seal) ``move`` in the locked game; also the first half of a draw
    offer or claim that is made with a move."""
    live, engine, clock, seats, now = seated.live, seated.engine, seated.clock, seated.seats, seated.now
    if engine.simultaneous:
        return _seal(live, engine, clock, seats, move, client_id, now)
    return _play(live, engine, clock, seats, move, client_id, now)


def _logged(game: Game, now: datetime, clock: Clock, **values: object) -> Move:
    """The move's row as received (written by store_move): who moved which army, when, and the clock after."""
    return Move(game_id=game.pk, played_at=now, clock_after=clock.view(to_ms(now)), **values)


def _play(live: LiveGame, engine: Engine, clock: Clock, seats: set[str], move: str, client_id: str, now: datetime) -> MoveAnswer:
    game = live.game
    army = engine.turn
    seat = engine.controller(army)
    if seat not in seats:
        raise Refusal(CONFLICT, "turn", f"not your turn: the {army} army is to move, played by the {seat} seat")
    try:
        canonical = engine.play(move)
    except IllegalMoveError as exc:
        raise Refusal(INVALID, "move", str(exc)) from None
    now_ms = to_ms(now)
    if not clock.running:
        clock = clock.start({army}, now_ms)  # the first move starts the game and its clock
    clock = clock.switch(army, now_ms)
    game.moves = [*game.moves, canonical]
    game.position = engine.position()
    game.controllers = {a: engine.controller(a) for a in ARMIES}
    if game.started_at is None:
        game.started_at = now
    logged = _logged(game, now, clock, ply=len(game.moves), army=army, seat=seat, notation=canonical,
                     client_id=client_id, sealed=False)  # fmt: skip
    live.fresh_position = game.position  # the answer shows it without asking the engine again
    _store(live, engine, clock, now, ["moves", "position", "controllers", "started_at"], logged, resolved=True)
    return MoveAnswer(live, canonical)


def _store(
    live: LiveGame, engine: Engine, clock: Clock, now: datetime, fields: list[str], logged: Move, *, resolved: bool
) -> None:
    """Write the move (or sealed move) and the game in this transaction: ended on the board, or live on; then
    settle the offers and claims the move answers and push the new state once committed."""
    game = live.game
    outcome = engine.outcome()
    settle_after_move(live, logged.seat, now, ending=outcome.termination if outcome else None, turn_resolved=resolved)
    if outcome is not None:
        store_move(live, logged)  # the game is written as it ends, and scored
        live.game = end_on_board(game, engine, clock, now, fields)
    else:
        game.status = Game.Status.LIVE
        save_clock(game, clock)
        game.version += 1
        store_move(live, logged, [*fields, "status", "clock", "flag_deadline", "version"])
    after_commit(live.game, engine, now)
    push_game_after_commit(live, now)


def _seal(live: LiveGame, engine: Engine, clock: Clock, seats: set[str], move: str, client_id: str, now: datetime) -> MoveAnswer:
    """Parity Chess: record a sealed move; when both are in, resolve the turn with the engine."""
    game = live.game
    pending = pending_sealed(live)
    mine = [a for a in ARMIES if engine.controller(a) in seats]
    open_armies = [a for a in mine if a not in pending]
    if not open_armies:
        raise Refusal(CONFLICT, "move", "you have already sealed your move for this turn; wait for your opponent")
    army = open_armies[0]
    if move not in engine.legal_moves(army):
        raise Refusal(INVALID, "move", f"{move} is not a legal move for the {army} army here")
    now_ms = to_ms(now)
    if not clock.running:
        clock = begin_turn(clock, now_ms)  # the first sealed move starts the game: both clocks run
    clock = commit(clock, army, now_ms)
    logged = _logged(game, now, clock, ply=len(game.moves) + 1, army=army, seat=engine.controller(army),
                     notation=move, client_id=client_id, sealed=True)  # fmt: skip
    if game.started_at is None:
        game.started_at = now
    fields = ["started_at"]
    pending_moves = {a: m.notation for a, m in pending.items()} | {army: move}
    if len(pending_moves) == 2:
        try:
            engine.play_turn(pending_moves[WHITE], pending_moves[BLACK])
        except IllegalMoveError as exc:
            raise Refusal(INVALID, "move", str(exc)) from None
        game.moves = [*game.moves, f"{pending_moves[WHITE]} {pending_moves[BLACK]}"]
        game.position = live.fresh_position = engine.position()
        fields += ["moves", "position"]
        live.sealed = {}  # the turn is resolved: nothing sealed for the next one yet
        if engine.outcome() is None:
            clock = begin_turn(clock, now_ms)
    else:
        live.sealed = {**pending, army: logged}
    _store(live, engine, clock, now, fields, logged, resolved=len(pending_moves) == 2)
    return MoveAnswer(live, move, sealed=True)
