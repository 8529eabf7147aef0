"""Resignation and draw offers: game actions checked under the row lock like a move (games.play.table).

* Resigning ends the game at once: the opponent (the other *person*) wins, termination ``resignation``.
* A draw offer stands until the opponent answers it or moves, and there is one at a time (FIDE 9.1). It belongs
  to the person (the seat), not the army: in Switch-Side Chain-Chess it stays with its maker across a switch.
  In a simultaneous variant (Parity Chess) an offer is made with a sealed move: sent with ``move``, or after
  sealing this turn's move. Accepted, the game is drawn by ``agreement``; the event's scoring profile then decides
  the points (under dynamic scoring the material on the board, docs/rules/scoring.md).

The reading of the seeds behind these rules is docs/rules/game-actions.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from games.models import GameAction
from games.play.ending import end_off_board
from games.play.flags import after_commit
from games.play.live_game import LiveGame
from games.play.moves import play_seated
from games.play.pending import close, draw_offer, waiting_actions
from games.play.seats import pending_sealed
from games.play.table import Seated, run_locked
from games.push import push_game_after_commit
from record.game_states import PLAY
from record.refusals import CONFLICT, INVALID, Refusal
from tournaments.models import Game
from variants.base import AGREEMENT, ARMIES, RESIGNATION, other
from variants.replay import seat_result

DRAW_ACTIONS = ("offer", "accept", "decline")


@dataclass
class ActionAnswer:
    """What an action did: ``ended`` the game, is ``pending`` (awaiting someone), or changed the state."""

    live: LiveGame
    ended: bool = False
    pending: str = ""  # what a pending claim awaits: "opponent", "arbiter" or "turn"

    @property
    def game(self) -> Game:
        return self.live.game


def finish(seated: Seated, *, result: str, termination: str, checking_side: str | None = None) -> ActionAnswer:
    """End the game by the players' action, score it, and push the final state after commit."""
    live = seated.live
    live.game = end_off_board(
        live.game, seated.engine, seated.clock, seated.now, result=result, termination=termination, checking_side=checking_side
    )
    after_commit(live.game, None, seated.now)
    push_game_after_commit(live, seated.now)
    return ActionAnswer(live, ended=True)


def changed(seated: Seated) -> ActionAnswer:
    """The state changed without a move (an offer made or answered, a claim): a new version, pushed."""
    game = seated.game
    game.version += 1
    game.save(update_fields=["version"])
    after_commit(game, seated.engine, seated.now)  # the cached engine is still right, under the new version
    push_game_after_commit(seated.live, seated.now)
    return ActionAnswer(seated.live)


def resign(game_id: int, user, now: datetime | None = None) -> ActionAnswer:
    """``user`` resigns: the other seat wins. Allowed while the arbiter has paused the clocks."""

    def act(seated: Seated) -> ActionAnswer:
        return finish(seated, result=seat_result(other(seated.seat)), termination=RESIGNATION)

    return run_locked(game_id, user, now or timezone.now(), act, while_paused=True, action=PLAY)


def draw(
    game_id: int, user, action: object, move: object = None, client_id: str = "", now: datetime | None = None
) -> ActionAnswer:
    """Offer (optionally with a move), accept or decline a draw; raises Refusal naming the field."""
    if action not in DRAW_ACTIONS:
        raise Refusal(INVALID, "action", "must be offer, accept or decline")
    if move is not None and (action != "offer" or not isinstance(move, str) or not move.strip()):
        raise Refusal(INVALID, "move", "a move goes with an offer only, as a string in the notation of legal_moves")
    answers = {"offer": lambda s: _offer(s, move, client_id), "accept": _accept, "decline": _decline}
    return run_locked(game_id, user, now or timezone.now(), answers[action], while_paused=move is None, action=PLAY)


def _offer(seated: Seated, move: str | None, client_id: str) -> ActionAnswer:
    seat, engine = seated.seat, seated.engine
    standing = draw_offer(seated.live)
    if standing is not None and standing.seat == seat:
        raise Refusal(CONFLICT, "action", "you have already offered a draw; it stands until your opponent answers or moves")
    if standing is not None:
        raise Refusal(CONFLICT, "action", "your opponent has offered a draw: accept or decline it")
    if engine.simultaneous and move is None and not sealed_this_turn(seated):
        raise Refusal(INVALID, "move", f"in {engine.name} a draw is offered with a sealed move: send it as 'move'")
    if move is not None:
        answer = play_seated(seated, move.strip(), client_id)
        if answer.game.status == Game.Status.FINISHED:
            return ActionAnswer(answer.live, ended=True)  # the move ended the game: nothing left to offer
        record_action(seated, GameAction.Kind.DRAW_OFFER)
        return ActionAnswer(answer.live)  # the move's own write and push carry the offer
    record_action(seated, GameAction.Kind.DRAW_OFFER)
    return changed(seated)


def _accept(seated: Seated) -> ActionAnswer:
    offer = _opponents_offer(seated, "accept")
    close(seated.live, offer, GameAction.Status.ACCEPTED, seated.now, "accepted")
    return finish(seated, result="1/2-1/2", termination=AGREEMENT)


def _decline(seated: Seated) -> ActionAnswer:
    offer = _opponents_offer(seated, "decline")
    close(seated.live, offer, GameAction.Status.DECLINED, seated.now, "declined")
    return changed(seated)


def _opponents_offer(seated: Seated, verb: str) -> GameAction:
    offer = draw_offer(seated.live)
    if offer is None:
        raise Refusal(CONFLICT, "action", f"there is no draw offer to {verb}")
    if offer.seat == seated.seat:
        raise Refusal(CONFLICT, "action", f"you cannot {verb} your own offer; it stands until your opponent answers or moves")
    return offer


def sealed_this_turn(seated: Seated) -> bool:
    mine = {a for a in ARMIES if seated.engine.controller(a) in seated.seats}
    return bool(mine & set(pending_sealed(seated.live)))


def army_of(seated: Seated, seat: str) -> str:
    """The army ``seat`` plays now (in Switch-Side Chain-Chess it changes with a switch)."""
    return next((a for a in ARMIES if seated.engine.controller(a) == seat), seat)


def record_action(seated: Seated, kind: str, *, status: str = GameAction.Status.OPEN, army: str | None = None) -> GameAction:
    """Write an offer or claim of the acting seat as the game stands now (after any move made with it) and add
    it to the game's waiting list (``army``: the checking army of a perpetual-check claim, when it is not the one
    the seat plays now)."""
    game = seated.game
    action = GameAction.objects.create(
        game_id=game.pk,
        kind=kind,
        seat=seated.seat,
        army=army or army_of(seated, seated.seat),
        ply=len(game.moves),
        moves=list(game.moves),
        position=seated.engine.position(),
        status=status,
    )
    if status in (GameAction.Status.OPEN, GameAction.Status.ARBITER):
        waiting_actions(seated.live).append(action)
    return action
