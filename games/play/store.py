"""The game store of the move path: the one locked read and the one write of a move.

A move is two statements: :func:`lock_for_move` (the game row ``FOR UPDATE`` with everything the move needs asked
in the same statement) returns the typed locked game, :class:`~games.play.live_game.LiveGame`; :func:`store_move`
writes the move's row and the game's changed fields given that game. On PostgreSQL both are prepared statements
(:mod:`games.play.prepared`: the same SQL the ORM writes, compiled once); elsewhere, and while Django logs queries,
the plain ORM runs the same query and writes the same rows.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import connection
from django.db.models import Exists, F, IntegerField, OuterRef, QuerySet, Subquery

from games.models import GameAction, Move
from games.play import prepared
from games.play.live_game import GameFacts, LiveGame
from games.play.pending import WAITING
from tournaments.models import Game, Round

#: A round whose games may be played and watched: its pairings are out.
PLAYABLE_ROUND_STATES = (Round.Status.PUBLISHED, Round.Status.COMPLETE)

GAME_COLUMNS = tuple(f.attname for f in Game._meta.concrete_fields)
# What the move path reads with the locked row (GameFacts): the few facts of the players, round and event.
FACTS = {
    "white_user_id": F("white__user_id"),
    "black_user_id": F("black__user_id"),
    "round_status": F("round__status"),
    "round_number": F("round__number"),
    "event_slug": F("round__event__slug"),
    "event_time_control": F("round__event__time_control"),
}
# Stand-ins for the two values while the statement is compiled; each call puts the real values in their places.
_GAME_STAND_IN = -7_314_159_265_358
_CLIENT_STAND_IN = "\x00client-id\x00"


def lock_queryset(game_id: int, client_id: str = "") -> QuerySet:
    """The lock query, one row of ``{column or fact: value}``: the game's columns, its :data:`FACTS`, whether any
    offer or claim waits (``waiting_any``: games.play.pending reads them only then), the ply of the latest sealed
    move (``last_sealed_ply``; only Parity Chess seals, and an index holds sealed moves alone), the version as of
    the statement's snapshot (``seen_version``, see :func:`lock_for_move`) and, for a move sent with a client_id,
    the move already recorded under it (``earlier_move_id``: an idempotent retry)."""
    waiting = GameAction.objects.filter(game_id=OuterRef("pk"), status__in=WAITING).order_by()
    sealed = Move.objects.filter(game_id=OuterRef("pk"), sealed=True).order_by("-ply").values("ply")[:1]
    extras = {
        **FACTS,
        "waiting_any": Exists(waiting),
        "last_sealed_ply": Subquery(sealed, output_field=IntegerField()),
        "seen_version": Subquery(Game.objects.filter(pk=OuterRef("pk")).order_by().values("version")[:1]),
    }
    if client_id:
        earlier = Move.objects.filter(game_id=OuterRef("pk"), client_id=client_id).order_by().values("pk")[:1]
        extras["earlier_move_id"] = Subquery(earlier)
    query = Game.objects.select_for_update(of=("self",)).annotate(**extras).filter(pk=game_id).order_by()
    return query.values(*GAME_COLUMNS, *extras)[:1]


# The lock statement prepared (PostgreSQL), with a client_id and without.
_PREPARED = {
    True: prepared.PreparedQuery(lock_queryset, {"game_id": _GAME_STAND_IN, "client_id": _CLIENT_STAND_IN}),
    False: prepared.PreparedQuery(lock_queryset, {"game_id": _GAME_STAND_IN}),
}


def lock_row(game_id: int, client_id: str = "", *, compiled: bool | None = None) -> dict | None:
    """The lock query's row (:func:`lock_queryset`): through the statement compiled once (``compiled``; by
    default where it is prepared, :func:`games.play.prepared.usable`) or the ORM's query; the same either way."""
    if compiled if compiled is not None else prepared.usable():
        if client_id:
            return _PREPARED[True].fetch_one(game_id=game_id, client_id=client_id)
        return _PREPARED[False].fetch_one(game_id=game_id)
    return next(iter(lock_queryset(game_id, client_id)), None)


def lock_for_move(game_id: int, client_id: str = "") -> LiveGame | None:
    """The game row, locked until the end of the transaction (``FOR UPDATE OF`` the game; SQLite locks on write),
    as a :class:`LiveGame` with its facts; ``waiting`` is ``[]`` when no offer or claim waits, ``sealed`` is
    ``{}`` when no move of the turn is sealed (else None: read on first use), ``earlier_move_id`` the move recorded
    under ``client_id``, or None.

    When the lock had to wait for another writer of the game, the row comes back as that writer left it, but the
    statement's other reads (waiting offers, the earlier move) were taken before it committed: PostgreSQL's READ
    COMMITTED re-reads only the locked row. ``seen_version`` (the version as of those reads) then differs from the
    row's, and the statement runs once more under the lock that is now held, seeing everything committed.
    """
    row = lock_row(game_id, client_id)
    if row is None:
        return None
    if row["seen_version"] != row["version"]:
        row = lock_row(game_id, client_id)
    game = Game.from_db(connection.alias, GAME_COLUMNS, [row[name] for name in GAME_COLUMNS])
    last_sealed = row["last_sealed_ply"]
    return LiveGame(
        game,
        GameFacts(**{name: row[name] for name in FACTS}),
        waiting=None if row["waiting_any"] else [],
        sealed={} if last_sealed is None or last_sealed <= len(game.moves) else None,
        earlier_move_id=row.get("earlier_move_id"),
    )


def store_move(live: LiveGame, move: Move, fields: Sequence[str] = ()) -> None:
    """Write ``move`` (an unsaved row, its ``played_at`` the request's time) and the game's changed ``fields`` in
    the current transaction; with no ``fields`` the move alone (a game that ends is written as it ends,
    games.play.ending). One prepared statement on PostgreSQL; otherwise the ORM's INSERT and UPDATE."""
    if prepared.usable():
        prepared.write_move(move, live.game, fields)
        return
    move.save(force_insert=True)
    if fields:
        live.game.save(update_fields=list(fields))


def lock_game(game_id: int) -> Game | None:
    """The game row with its round and event, locked until the end of the transaction (flag check, arbiter)."""
    return Game.objects.select_for_update(of=("self",)).select_related("round__event").filter(pk=game_id).order_by().first()
