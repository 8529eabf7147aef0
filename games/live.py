"""Live play: moves checked by the variant engine, clocks kept by the server, games ended and scored.

Every write follows lila's order of checks (see /work/shared/reference/clocks.md, section 4), in one
transaction holding the game row (``select_for_update``): lock -> read the server time once -> has a flag
already fallen? finish on time -> validate the move with the engine -> press the clock -> save move, clock and
``flag_deadline`` -> end and score the game if the engine says it is over. A move and the flag task, both
Parity players committing, or a retried request therefore serialise on the row; ``Game.version`` counts writes
and a ``client_id`` already seen returns the earlier answer without applying the move again.

The engine is rebuilt from the start position plus the moves (repetition history and the switch state of
Switch-Side Chain-Chess live in the move list, not in a position string); a small per-process cache keyed by
the game's version avoids the replay on the next request of the same game.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime
from types import SimpleNamespace

from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from clocks import Clock, TimeControlError, begin_turn, commit, parse_time_control
from games.models import Move
from tournaments.models import Game
from variants.base import BLACK, TIME_FORFEIT, TIME_FORFEIT_LONE_KING, WHITE, Engine, IllegalMoveError, other
from variants.registry import get_engine

log = logging.getLogger(__name__)

ARMIES = (WHITE, BLACK)
PLAYABLE_ROUND_STATES = ("published", "complete")
MAX_MOVE_LENGTH = 40
MAX_CLIENT_ID_LENGTH = 64


class MoveRejected(Exception):
    """A move the server refuses: ``status`` is the HTTP status, ``field`` the input it concerns."""

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


# --- time ----------------------------------------------------------------------------------------------------
def to_ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def from_ms(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, tz=UTC)


# --- engines -------------------------------------------------------------------------------------------------
_CACHE: OrderedDict[int, tuple[tuple, Engine]] = OrderedDict()
_CACHE_LOCK = threading.Lock()
CACHE_SIZE = 2000


def build_engine(game: Game) -> Engine:
    """The engine at the game's current position: start position (or the variant's start) plus every move."""
    cls = get_engine(game.variant)
    options: dict[str, object] = {}
    if game.variant == "rvc":
        # The 12x8 engine needs the block's rolls to know its fairy pieces (an empty roll means the default).
        options = {k: v for k, v in (("roll", game.first_roll), ("roll2", game.second_roll)) if v}
    engine = cls.from_position(game.start_position, **options) if game.start_position else cls.new(**options)
    for entry in game.moves:
        if cls.simultaneous:
            white_move, black_move = entry.split()
            engine.play_turn(white_move, black_move)
        else:
            engine.play(entry)
    return engine


def _fingerprint(game: Game) -> tuple:
    """What the cached engine must match: same version, variant, start and moves (ids can be reused in tests)."""
    return (game.version, game.variant, game.start_position, hash(tuple(game.moves)))


def take_engine(game: Game) -> Engine:
    """The game's engine, taken out of the cache (so no other thread uses it meanwhile) or rebuilt."""
    with _CACHE_LOCK:
        entry = _CACHE.pop(game.pk, None)
    if entry is not None and entry[0] == _fingerprint(game):
        return entry[1]
    return build_engine(game)


def put_engine(game: Game, engine: Engine) -> None:
    """Return ``engine`` (at ``game``'s current state) to the cache for the next request."""
    with _CACHE_LOCK:
        _CACHE[game.pk] = (_fingerprint(game), engine)
        _CACHE.move_to_end(game.pk)
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)


def clear_engine_cache() -> None:
    with _CACHE_LOCK:
        _CACHE.clear()


# --- clocks --------------------------------------------------------------------------------------------------
def load_clock(game: Game) -> Clock:
    """The game's clock (a new one from the event's time control before the first move)."""
    if game.clock:
        return Clock.from_dict(game.clock)
    text = game.event_time_control if hasattr(game, "event_time_control") else game.round.event.time_control
    try:
        control = parse_time_control(text)
    except TimeControlError:
        # A bad setting must not stop play; the arbiter corrects it (FIDE 6.10). Logged for the organiser.
        log.warning("game %s: unreadable time control %r; the game plays untimed", game.pk, text)
        control = parse_time_control("-")
    return Clock.new(control)


def _save_clock(game: Game, clock: Clock) -> None:
    game.clock = clock.to_dict()
    deadline = clock.next_deadline()
    game.flag_deadline = from_ms(deadline) if deadline is not None else None


# --- writes on the move path ----------------------------------------------------------------------------------
# One INSERT and one UPDATE per move, written with the fields' own database conversion but without the model
# save machinery (signals, field iteration, query compilation), which cost more CPU than the SQL itself. Neither
# model has save signals or overridden save() methods.
_SQL: dict[tuple, tuple[str, list]] = {}  # (vendor, statement, field names) -> (SQL, fields)


def _statement(kind: str, model: type[Game] | type[Move], names: tuple[str, ...]) -> tuple[str, list]:
    """The INSERT or UPDATE of ``names`` (built once per process: quoting names costs more than it seems)."""
    key = (connection.vendor, kind, model._meta.label, names)
    found = _SQL.get(key)
    if found is None:
        fields = [model._meta.get_field(name) for name in names]
        quote = connection.ops.quote_name
        if kind == "insert":
            columns = ", ".join(quote(f.column) for f in fields)
            placeholders = ", ".join(["%s"] * len(fields))
            sql = f"INSERT INTO {model._meta.db_table} ({columns}) VALUES ({placeholders})"  # noqa: S608 - model names
        else:
            assignments = ", ".join(f"{quote(f.column)} = %s" for f in fields)
            sql = f"UPDATE {model._meta.db_table} SET {assignments} WHERE id = %s"  # noqa: S608 - model names
        found = _SQL[key] = (sql, fields)
    return found


def _move_insert(now: datetime, **values: object) -> tuple[str, list]:
    """The INSERT of a move row (SQL and parameters), to run alone or together with the game's UPDATE."""
    values["played_at"] = now
    sql, fields = _statement("insert", Move, tuple(values))
    return sql, [f.get_db_prep_save(values[f.name], connection) for f in fields]


def _execute(sql: str, params: list) -> None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def _update_game(game: Game, names: list[str], insert: tuple[str, list] | None = None) -> None:
    """UPDATE the game's ``names`` fields; with ``insert``, write that row in the same round trip where the
    database can (PostgreSQL: a data-modifying WITH runs exactly once, in the same statement and transaction)."""
    update, fields = _statement("update", Game, tuple(names))
    params = [f.get_db_prep_save(getattr(game, f.attname), connection) for f in fields]
    if insert is not None and connection.vendor == "postgresql":
        _execute(f"WITH logged AS ({insert[0]}) {update}", [*insert[1], *params, game.pk])
        return
    if insert is not None:
        _execute(*insert)
    _execute(update, [*params, game.pk])


# --- who plays -----------------------------------------------------------------------------------------------
def seats_of(game: Game, user) -> set[str]:
    """The seats ``user`` holds in ``game`` (normally one; both only if one account plays itself)."""
    if user is None or not user.is_authenticated:
        return set()
    white_user = game.white_user_id if hasattr(game, "white_user_id") else game.white.user_id
    black_user = game.black_user_id if hasattr(game, "black_user_id") else game.black.user_id
    seats = set()
    if white_user == user.pk:
        seats.add(WHITE)
    if black_user == user.pk:
        seats.add(BLACK)
    return seats


def pending_sealed(game: Game) -> dict[str, Move]:
    """Parity Chess: the sealed moves of the current turn, by army."""
    turn_no = len(game.moves) + 1
    return {m.army: m for m in Move.objects.filter(game=game, ply=turn_no, sealed=True).order_by()}


# --- ending --------------------------------------------------------------------------------------------------
def seat_result(winner_seat: str | None) -> str:
    return {WHITE: "1-0", BLACK: "0-1"}.get(winner_seat or "", "1/2-1/2")


def _record(game: Game, *, result: str, termination: str, position: str, checking_side=None, forcing_side=None) -> Game:
    """Score the ended game through tournaments.services.results.record_result (the one way a result is written)."""
    from tournaments.services.results import record_result

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
        # The game is over on the board either way; an ending the scoring profile cannot score goes to the
        # arbiter as disputed rather than losing the move that ended it.
        log.warning("game %s: %s %s could not be scored: %s", game.pk, result, termination, exc)
        game.result, game.termination = result, termination
        game.result_status = Game.ResultStatus.DISPUTED
        game.save(update_fields=["result", "termination", "result_status"])
        return game


def _finish(game: Game, clock: Clock, now: datetime, fields: list[str]) -> None:
    game.status = Game.Status.FINISHED
    game.finished_at = now
    _save_clock(game, clock)
    game.flag_deadline = None
    game.version += 1
    game.save(update_fields=[*fields, "status", "finished_at", "clock", "flag_deadline", "version"])


def time_forfeit(game: Game, engine: Engine, clock: Clock) -> tuple[str, str]:
    """(result, termination) for a fallen flag: the flagged army's controller loses, unless the opponent
    has only a king left (a draw, FIDE 6.9, where the variant's scoring knows that ending)."""
    from scoring import terminations_for_variant

    if len(clock.flagged) == 2:
        # Both flags fell at the same millisecond (only possible in Parity Chess): no one flagged first.
        return "1/2-1/2", TIME_FORFEIT
    army = clock.flagged[0]
    opponent = other(army)
    try:
        lone_king_draws = TIME_FORFEIT_LONE_KING in terminations_for_variant(game.variant)
    except KeyError:
        lone_king_draws = True
    if lone_king_draws and engine.material()[opponent] == 0:
        return "1/2-1/2", TIME_FORFEIT_LONE_KING
    return seat_result(engine.controller(opponent)), TIME_FORFEIT


def _end_on_time(game: Game, engine: Engine, clock: Clock, now: datetime) -> Game:
    result, termination = time_forfeit(game, engine, clock)
    _finish(game, clock, now, [])
    return _record(game, result=result, termination=termination, position=engine.position())


def _end_on_board(game: Game, engine: Engine, clock: Clock, now: datetime, fields: list[str]) -> Game:
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


def _after_commit(game: Game, engine: Engine | None, now: datetime, *, rearm: bool = False) -> None:
    """After commit: return the engine to the cache and, if the game has no flag check yet, schedule one."""
    due = None
    if game.status != Game.Status.FINISHED and game.clock and (rearm or not _is_armed(game)):
        due = flag_check_due(game.clock, now)
    # What the cache and the flag bookkeeping need, frozen now (a model instance would cost more to build).
    snapshot = SimpleNamespace(
        pk=game.pk,
        version=game.version,
        variant=game.variant,
        start_position=game.start_position,
        moves=list(game.moves),
        started_at=game.started_at,
    )

    def run() -> None:
        if engine is not None:
            put_engine(snapshot, engine)
        if due is not None:
            from games.tasks.flag import schedule_flag_check

            schedule_flag_check(snapshot.pk, due)
            _mark_armed(snapshot)

    transaction.on_commit(run)


# --- the flag check chain ------------------------------------------------------------------------------------
# A game needs one pending flag check, not one per move: the check is due at Clock.earliest_flag, before which no
# sequence of moves can make a flag fall, and when it runs without a fallen flag it schedules itself again for the
# new bound (games.tasks.flag). So a move queues a task only when this process has not armed the game yet (its
# first move here); the arbiter's clock changes (time taken away, a resumed pause) always re-arm.
_ARMED: OrderedDict[tuple, None] = OrderedDict()
_ARMED_LOCK = threading.Lock()
ARMED_SIZE = 20000
MIN_CHECK_STEP_MS = 1000  # a side with no time left that is not running yet: look again a second later


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


def forget_armed() -> None:
    with _ARMED_LOCK:
        _ARMED.clear()


# --- the flag ------------------------------------------------------------------------------------------------
def check_flag(game_id: int, now: datetime | None = None) -> bool:
    """End the game on time if a flag has fallen by ``now``; True if this call ended it. Safe to repeat."""
    with transaction.atomic():
        game = Game.objects.select_for_update(of=("self",)).select_related("round__event").filter(pk=game_id).order_by().first()
        if game is None or game.status == Game.Status.FINISHED or not game.clock:
            return False
        now = now or timezone.now()
        clock = Clock.from_dict(game.clock).flag_fall(to_ms(now))
        if not clock.flagged:
            return False
        engine = take_engine(game)
        game = _end_on_time(game, engine, clock, now)
        _after_commit(game, None, now)
        return True


def visible_game(game_id: int, user) -> Game | None:
    """The game, if ``user`` may see it: the public (and the players) see published rounds of public events;
    the event's arbiters, its organizer and staff see every game, unpublished pairings included."""
    from tournaments.services.events import is_arbiter

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


# --- moves -----------------------------------------------------------------------------------------------------
# The move path's one query: the game row locked, plus the few facts it needs from the players, round and event.
_LOCK_EXTRAS = {
    "white_user_id": F("white__user_id"),
    "black_user_id": F("black__user_id"),
    "round_status": F("round__status"),
    "round_number": F("round__number"),
    "event_slug": F("round__event__slug"),
    "event_time_control": F("round__event__time_control"),
}


def lock_for_move(game_id: int) -> Game | None:
    """The game row, locked until the end of the transaction (``FOR UPDATE OF`` the game; SQLite locks on write)."""
    return Game.objects.select_for_update(of=("self",)).annotate(**_LOCK_EXTRAS).filter(pk=game_id).order_by().first()


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
            game = _end_on_time(game, engine, fallen, now)
            _after_commit(game, None, now)
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
    logged = _move_insert(
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
        _execute(*logged)
        game = _end_on_board(game, engine, clock, now, fields)
    else:
        game.status = Game.Status.LIVE
        _save_clock(game, clock)
        game.version += 1
        _update_game(game, [*fields, "status", "clock", "flag_deadline", "version"], logged)
    _after_commit(game, engine, now)
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
    logged = _move_insert(
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


# --- the arbiter's clock ---------------------------------------------------------------------------------------
def arbiter_clock(game_id: int, action: str, *, side: str | None = None, delta_ms: int = 0, now: datetime | None = None) -> Game:
    """Pause, resume or adjust a game's clock (FIDE 6.11, 7.5.5, 12.9); raises MoveRejected on a bad request."""
    from clocks import ClockError

    with transaction.atomic():
        game = Game.objects.select_for_update(of=("self",)).select_related("round__event").filter(pk=game_id).order_by().first()
        if game is None:
            raise MoveRejected(404, "game", "no such game")
        if game.status == Game.Status.FINISHED:
            raise MoveRejected(409, "game", "the game is over")
        now = now or timezone.now()
        clock = load_clock(game)
        try:
            if action == "pause":
                clock = clock.pause(to_ms(now))
            elif action == "resume":
                clock = clock.resume(to_ms(now))
            elif action == "adjust":
                if side not in ARMIES:
                    raise MoveRejected(400, "side", "must be 'white' or 'black' (the army whose time changes)")
                clock = clock.adjust(side, delta_ms, to_ms(now))
            else:
                raise MoveRejected(400, "action", "must be pause, resume or adjust")
        except ClockError as exc:
            raise MoveRejected(409, "action", str(exc)) from None
        _save_clock(game, clock)
        game.version += 1
        game.save(update_fields=["clock", "flag_deadline", "version"])
        _after_commit(game, None, now, rearm=True)  # time taken away or a resumed pause may need an earlier check
        return game
