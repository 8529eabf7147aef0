"""The game detail served by ``GET /api/games/{id}/`` and answered after every move.

Parity Chess sealed moves are never shown to anyone but the player who sealed them: the public (and the
opponent) see only *that* a side has committed (``sealed``), the sealer also sees ``your_sealed_move``.
"""

from __future__ import annotations

import time
from datetime import datetime

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver
from rest_framework import serializers

from games.play.engines import put_engine, take_engine
from games.play.game_clock import load_clock, to_ms
from games.play.live_game import LiveGame, live
from games.play.pending import state_fields
from games.play.seats import pending_sealed, seats_of
from games.serializers_players import GamePlayerSerializer
from tournaments.models import Game, Player
from variants.base import ARMIES, BLACK, WHITE


class MoveInputSerializer(serializers.Serializer):
    move = serializers.CharField(max_length=40, help_text="In the notation of legal_moves (e.g. e4, Nf3, c3/S)")
    client_id = serializers.CharField(
        max_length=64,
        required=False,
        allow_blank=True,
        help_text="Your id for this request: a retry with the same id is applied once",
    )


_PLAYERS: dict[tuple[int, int], tuple[float, dict[str, dict]]] = {}
PLAYER_CACHE_SECONDS = 30.0


@receiver(post_save, sender="tournaments.Player")
@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def _forget_players(**kwargs) -> None:
    """A renamed player (or account) is shown at once: drop the cached player objects of this process."""
    _PLAYERS.clear()


def players_of(game: Game) -> dict[str, dict]:
    """The two player objects. On the move path the game is loaded without its players: their objects come from
    a short per-process cache, cleared when any player or account is saved (in this process; others within 30 s)."""
    if Game.white.is_cached(game) and Game.black.is_cached(game):
        return {WHITE: GamePlayerSerializer(game.white).data, BLACK: GamePlayerSerializer(game.black).data}
    key = (game.white_id, game.black_id)
    cached = _PLAYERS.get(key)
    if cached is not None and time.monotonic() - cached[0] < PLAYER_CACHE_SECONDS:
        return cached[1]
    found = {p.pk: p for p in Player.objects.select_related("user").filter(pk__in=key)}
    players = {WHITE: GamePlayerSerializer(found[game.white_id]).data, BLACK: GamePlayerSerializer(found[game.black_id]).data}
    if len(_PLAYERS) > 5000:
        _PLAYERS.clear()
    _PLAYERS[key] = (time.monotonic(), players)
    return players


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def _points(value) -> float | None:
    return float(value) if value is not None else None


def game_detail(game: Game | LiveGame, user, now: datetime, *, seats: set[str] | None = None) -> dict:
    """The public state of ``game`` as of ``now``, plus the requesting player's own sealed move (the player is
    ``user``, or the holder of ``seats`` when the state is pushed to a player's socket). The move path passes its
    LiveGame (the facts, waiting actions and sealed moves it read); a plain row is read through its relations."""
    held = live(game)
    engine = take_engine(held.game)
    try:
        return _detail(held, engine, seats_of(held, user) if seats is None else seats, now)
    finally:
        put_engine(held.game, engine)


def _to_move(live: LiveGame, engine, seats: set[str], finished: bool) -> dict:
    """Whose move it is and their legal moves; in a simultaneous variant also which sides have sealed (and the
    requesting player's own sealed move, never anyone else's)."""
    if not engine.simultaneous:
        turn = engine.turn
        return {
            "turn": turn,
            "to_move": [] if finished else [turn],
            "by_army": {turn: engine.legal_moves(turn)} if not finished else {},
        }
    pending = pending_sealed(live) if live.game.status == Game.Status.LIVE else {}
    sealed = {army: army in pending for army in ARMIES}
    to_move = [] if finished else [a for a in ARMIES if not sealed[a]]
    return {
        "turn": to_move[0] if to_move else engine.turn,
        "to_move": to_move,
        "by_army": {a: engine.legal_moves(a) for a in to_move},
        "sealed": sealed,
        "your_sealed": {a: m.notation for a, m in pending.items() if m.seat in seats},
    }


def _clocks(live: LiveGame, controllers: dict[str, str], now: datetime) -> dict:
    """Both clocks as of ``now``, each with the instant its flag would fall (None when it is not running)."""
    time_control = None if live.game.clock else live.event_time_control  # asked only before the first move
    clocks = load_clock(live.game, time_control).view(to_ms(now))
    clocks["controllers"] = controllers
    for army in ARMIES:
        deadline = clocks[army].pop("deadline_ms")
        clocks[army]["flag_at"] = _iso(datetime.fromtimestamp(deadline / 1000, tz=now.tzinfo)) if deadline else None
    return clocks


def _detail(live: LiveGame, engine, seats: set[str], now: datetime) -> dict:
    game = live.game
    finished = game.status == Game.Status.FINISHED or bool(game.result)
    controllers = {army: engine.controller(army) for army in ARMIES}
    moving = _to_move(live, engine, seats, finished)
    turn, by_army = moving["turn"], moving["by_army"]
    players = players_of(game)
    detail = {
        "id": game.pk,
        "event": live.event_slug,  # read with the locked row on the move path (games.play.store.lock_for_move)
        "round": live.round_number,
        "board": game.board,
        WHITE: players[WHITE],
        BLACK: players[BLACK],
        "variant": game.variant,
        "start_position": game.start_position,
        # The move path has just computed it (games.play.moves._play); a read asks the engine.
        "position": live.fresh_position or engine.position(),
        "turn": turn,
        "to_move": [{"army": a, "seat": controllers[a]} for a in moving["to_move"]],
        "legal_moves": by_army.get(turn, []),
        "legal_moves_by_army": by_army,
        "moves": list(game.moves),
        "reserves": engine.reserves(),  # Twilight's reserves by figure, as its engine says (empty: none kept)
        "clocks": _clocks(live, controllers, now),
        "controllers": controllers,
        "simultaneous": engine.simultaneous,
        "can_switch": engine.can_switch,
        "status": game.status,
        "result": game.result,
        "termination": game.termination,
        "result_status": game.result_status,
        "state": game.state,  # docs/game-states.md: what the game accepts now
        "white_points": _points(game.white_points),
        "black_points": _points(game.black_points),
        "version": game.version,
        "started_at": _iso(game.started_at),
        "finished_at": _iso(game.finished_at),
        # Waiting draw offer and claim (games.play.pending): who made them, by seat, and what a claim awaits.
        **(state_fields(live, engine.simultaneous) if not finished else {"draw_offer": None, "claim": None}),
    }
    if engine.simultaneous:
        detail["sealed"] = moving["sealed"]
        if moving["your_sealed"]:
            detail["your_sealed_move"] = moving["your_sealed"]
    return detail
