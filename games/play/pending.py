"""Draw offers and claims still waiting for an answer, and what a move does to them.

An open draw offer stands until the opponent answers it or moves (FIDE 9.1.2: a move is a rejection); a
perpetual-check claim the opponent plays on from instead of conceding goes to the arbiter; a Parity Chess claim
made with a sealed move is settled when the turn resolves: the engine ends the game by that rule or it lapses.
The move's locked read says whether anything waits (games.play.store); only then are the waiting actions read,
once per request and kept on the :class:`~games.play.live_game.LiveGame`, so the move answer and the pushed state
show them without asking again.
"""

from __future__ import annotations

from datetime import datetime

from games.models import GameAction
from games.play.live_game import LiveGame
from variants.base import PERPETUAL_CHECK, THREEFOLD

WAITING = (GameAction.Status.OPEN, GameAction.Status.ARBITER)
CLAIMS = (GameAction.Kind.THREEFOLD, GameAction.Kind.FIFTY_MOVES, GameAction.Kind.PERPETUAL_CHECK)


def waiting_actions(game: LiveGame) -> list[GameAction]:
    """The game's offers and claims still waiting (read once per request and kept on the LiveGame)."""
    if game.waiting is None:
        game.waiting = list(GameAction.objects.filter(game_id=game.pk, status__in=WAITING).order_by("created_at"))
    return game.waiting


def draw_offer(game: LiveGame) -> GameAction | None:
    return next((a for a in waiting_actions(game) if a.kind == GameAction.Kind.DRAW_OFFER), None)


def pending_claim(game: LiveGame) -> GameAction | None:
    return next((a for a in waiting_actions(game) if a.kind in CLAIMS), None)


def claim_awaits(action: GameAction, simultaneous: bool) -> str:
    """``opponent``, ``arbiter`` or ``turn`` (a Parity threefold or fifty-move claim: the turn must resolve)."""
    if action.status == GameAction.Status.ARBITER:
        return "arbiter"
    if action.kind != GameAction.Kind.PERPETUAL_CHECK and simultaneous:
        return "turn"
    return "opponent"


def state_fields(game: LiveGame, simultaneous: bool) -> dict:
    """``draw_offer`` and ``claim`` of the game state (``None`` when there is none)."""
    offer, claim = draw_offer(game), pending_claim(game)
    return {
        "draw_offer": {"by": offer.seat} if offer else None,
        "claim": {"kind": claim.kind, "by": claim.seat, "awaiting": claim_awaits(claim, simultaneous)} if claim else None,
    }


def close(game: LiveGame, action: GameAction, status: str, now: datetime, note: str = "", by=None) -> None:
    """Answer ``action`` (saved) and drop it from the game's waiting list."""
    action.status, action.decided_at, action.note, action.decided_by = status, now, note[:500], by
    action.save(update_fields=["status", "decided_at", "note", "decided_by"])
    game.waiting = [a for a in waiting_actions(game) if a.pk != action.pk]


def settle_after_move(game: LiveGame, mover: str, now: datetime, *, ending: str | None, turn_resolved: bool) -> None:
    """What the move of seat ``mover`` does to the waiting actions, in the move's transaction before the game is
    written (``ending``: the termination the move ends the game with, None if it goes on)."""
    for action in list(waiting_actions(game)):
        theirs = action.seat != mover
        if action.kind == GameAction.Kind.DRAW_OFFER and theirs:
            close(game, action, GameAction.Status.LAPSED, now, "the opponent moved instead of accepting")
        elif action.kind == GameAction.Kind.PERPETUAL_CHECK and theirs and action.status == GameAction.Status.OPEN:
            action.status, action.note = GameAction.Status.ARBITER, "the opponent played on instead of conceding"
            action.save(update_fields=["status", "note"])
        elif action.kind in (GameAction.Kind.THREEFOLD, GameAction.Kind.FIFTY_MOVES) and turn_resolved:
            if ending in supporting(action.kind):
                close(game, action, GameAction.Status.ACCEPTED, now, "the turn ended the game by the rule claimed")
            else:
                close(game, action, GameAction.Status.LAPSED, now, "the position after the turn does not support it")
    if ending is not None:
        lapse_all(game, now, "the game ended")


def supporting(kind: str) -> set[str]:
    """The endings that uphold a claim: a repetition the engine finds to be perpetual check is one too."""
    return {kind, PERPETUAL_CHECK} if kind == THREEFOLD else {kind}


def lapse_all(game: LiveGame, now: datetime, note: str) -> None:
    """The game is over: nothing is waiting any more."""
    waiting = GameAction.objects.filter(game_id=game.pk, status__in=WAITING)
    waiting.update(status=GameAction.Status.LAPSED, decided_at=now, note=note)
    game.waiting = []
