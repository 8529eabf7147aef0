"""Claims: threefold repetition, the fifty-move rule and perpetual check (docs/rules/game-actions.md).

Our engines end a game by threefold repetition or the fifty-move rule on their own as soon as the position
supports it, so a claim of either is FIDE's claim with the move written down (9.2.1.1, 9.3.1): the player to move
names the move that makes the position repeat for the third time or completes the fifty moves. The engine plays
it on a copy first; if the rule then ends the game the move is played and the game ends by it, otherwise the claim
is refused with the reason and nothing changes.

Perpetual check (seed 002: "when one side is capable of placing the opponent's King in check on every move with
no chance of escape, the checking player wins") is claimed by the checking player: at once when the repetition
proves it (the move named completes a repetition the engine finds to be perpetual check), otherwise right after a
checking move. Then the opponent may concede it; if they refuse, or play on, it goes to the arbiter with the move
list (games.play.perpetual, the admin). In Parity Chess every claim is made with a sealed move.
"""

from __future__ import annotations

import re
from datetime import datetime

from django.utils import timezone

from games.models import GameAction, Move
from games.play.engines import build_engine
from games.play.moves import play_seated
from games.play.pending import close, pending_claim, supporting
from games.play.resign_draw import ActionAnswer, changed, finish, record_action, sealed_this_turn
from games.play.seats import pending_sealed
from games.play.table import Seated, run_locked
from record.game_states import PLAY
from record.refusals import CONFLICT, INVALID, Refusal
from tournaments.models import Game
from variants.base import ARMIES, BLACK, FIFTY_MOVES, PERPETUAL_CHECK, THREEFOLD, WHITE, IllegalMoveError, Outcome

CLAIM_KINDS = (THREEFOLD, FIFTY_MOVES, PERPETUAL_CHECK)
CLAIM_ACTIONS = ("claim", "concede", "refuse")
# A move that gives check ends with + (or # for mate), before any marker after a slash (Switch-Side's "/S").
CHECK_MARK = re.compile(r"[+#](?:/[A-Za-z]+)?$")

NOT_YET = {
    THREEFOLD: "this position has not occurred three times; to claim with the move that repeats it, send it as 'move'",
    FIFTY_MOVES: "fifty moves by each side without a capture or a pawn move have not been played; to claim with "
    "the move that completes them, send it as 'move'",
}
NOT_AFTER = {
    THREEFOLD: "after {move} the position would not have occurred three times",
    FIFTY_MOVES: "after {move} there would not have been fifty moves by each side without a capture or a pawn move",
}


def gives_check(notation: str) -> bool:
    return bool(CHECK_MARK.search(notation.strip()))


def claim(
    game_id: int,
    user,
    kind: object,
    action: object = "claim",
    move: object = None,
    client_id: str = "",
    now: datetime | None = None,
) -> ActionAnswer:
    """Make, concede or refuse a claim of ``kind``; raises Refusal naming the field."""
    if kind not in CLAIM_KINDS:
        raise Refusal(INVALID, "kind", f"must be one of {', '.join(CLAIM_KINDS)}")
    if action not in CLAIM_ACTIONS:
        raise Refusal(INVALID, "action", "must be claim, concede or refuse")
    if action != "claim" and kind != PERPETUAL_CHECK:
        raise Refusal(INVALID, "action", "only a perpetual-check claim is conceded or refused; the position decides the others")
    if move is not None and (action != "claim" or not isinstance(move, str) or not move.strip()):
        raise Refusal(INVALID, "move", "a move goes with a claim only, as a string in the notation of legal_moves")
    move = move.strip() if isinstance(move, str) else None
    acts = {"claim": lambda s: _claim(s, str(kind), move, client_id), "concede": _concede, "refuse": _refuse}
    return run_locked(game_id, user, now or timezone.now(), acts[str(action)], while_paused=move is None, action=PLAY)


def _claim(seated: Seated, kind: str, move: str | None, client_id: str) -> ActionAnswer:
    engine = seated.engine
    if kind not in engine.terminations:
        raise Refusal(INVALID, "kind", f"a {engine.name} game cannot end by {kind}")
    if kind not in engine.claims:  # its rules have no such claim (Reach: repetition and fifty moves are only recorded)
        raise Refusal(INVALID, "kind", f"the rules of {engine.name} have no {kind} claim")
    waiting = pending_claim(seated.live)
    if waiting is not None:
        raise Refusal(CONFLICT, "kind", f"a {waiting.kind} claim by {waiting.seat} is already waiting for an answer")
    if engine.simultaneous:
        return _claim_sealed(seated, kind, move, client_id)
    if move is not None and engine.controller(engine.turn) not in seated.seats:
        raise Refusal(CONFLICT, "turn", "a claim with a move is made by the player to move")
    if kind == PERPETUAL_CHECK:
        return _claim_perpetual(seated, move, client_id)
    if move is None:
        raise Refusal(INVALID, "kind", NOT_YET[kind])
    after, _ = _trial(seated, move)
    if after is None or after.termination not in supporting(kind):
        raise Refusal(INVALID, "kind", _refusal(kind, move, after))
    return _play_and_end(seated, kind, move, client_id)


def _trial(seated: Seated, move: str, sealed: dict[str, str] | None = None) -> tuple[Outcome | None, str]:
    """(outcome, the move's notation) after ``move`` on a copy of the game (in a simultaneous variant the turn
    of ``sealed``, both armies' moves): the game itself is untouched until the claim is known to hold."""
    trial = build_engine(seated.game)
    try:
        notation = trial.play(move) if sealed is None else trial.play_turn(sealed[WHITE], sealed[BLACK])
    except IllegalMoveError as exc:
        raise Refusal(INVALID, "move", str(exc)) from None
    return trial.outcome(), notation


def _refusal(kind: str, move: str, after: Outcome | None) -> str:
    if after is not None:
        return f"{move} ends the game by {after.termination}, which is not the rule claimed: play it as a move"
    return NOT_AFTER.get(kind, "{move} does not end the game by perpetual check").format(move=move)


def _play_and_end(seated: Seated, kind: str, move: str, client_id: str) -> ActionAnswer:
    """Play the move the claim names; the engine ends the game by the rule (checked on the copy first)."""
    answer = play_seated(seated, move, client_id)
    record_action(seated, kind, status=GameAction.Status.ACCEPTED)
    return ActionAnswer(answer.live, ended=answer.game.status == Game.Status.FINISHED)


def _claim_perpetual(seated: Seated, move: str | None, client_id: str) -> ActionAnswer:
    engine, seat = seated.engine, seated.seat
    if move is None:
        last = Move.objects.filter(game_id=seated.game.pk, sealed=False).order_by("-ply").first()
        if last is None or last.seat != seat:
            raise Refusal(INVALID, "kind", "perpetual check is claimed by the checking player right after a checking move")
        if not gives_check(last.notation):
            raise Refusal(INVALID, "kind", f"your last move, {last.notation}, did not give check")
        record_action(seated, PERPETUAL_CHECK, army=last.army)
        return _pending(changed(seated), "opponent")
    army = engine.turn
    after, notation = _trial(seated, move)
    if after is not None and after.termination == PERPETUAL_CHECK and after.checking_side == army:
        return _play_and_end(seated, PERPETUAL_CHECK, move, client_id)  # the repetition proves it
    if after is not None:
        raise Refusal(INVALID, "kind", _refusal(PERPETUAL_CHECK, move, after))
    if not gives_check(notation):
        raise Refusal(INVALID, "kind", f"{notation} does not give check")
    play_seated(seated, move, client_id)
    record_action(seated, PERPETUAL_CHECK, army=army)
    return _pending(ActionAnswer(seated.live), "opponent")


def _claim_sealed(seated: Seated, kind: str, move: str | None, client_id: str) -> ActionAnswer:
    """Parity Chess: a claim goes with a sealed move (sent now, or sealed earlier this turn)."""
    engine = seated.engine
    if move is None:
        if not sealed_this_turn(seated):
            raise Refusal(INVALID, "move", f"in {engine.name} a claim is made with a sealed move: send it as 'move'")
        record_action(seated, kind)
        return _pending(changed(seated), "opponent" if kind == PERPETUAL_CHECK else "turn")
    sealed = {a: m.notation for a, m in pending_sealed(seated.live).items()}
    mine = [a for a in ARMIES if engine.controller(a) in seated.seats and a not in sealed]
    if kind != PERPETUAL_CHECK and mine and len(sealed) == 1:
        # The opponent has sealed: the turn resolves with this move, so the engine can judge the claim now.
        after, _ = _trial(seated, move, sealed | {mine[0]: move})
        if after is None or after.termination not in supporting(kind):
            raise Refusal(INVALID, "kind", _refusal(kind, move, after))
        return _play_and_end(seated, kind, move, client_id)
    answer = play_seated(seated, move, client_id)
    if answer.game.status == Game.Status.FINISHED:
        return ActionAnswer(answer.live, ended=True)
    record_action(seated, kind)
    return _pending(ActionAnswer(answer.live), "opponent" if kind == PERPETUAL_CHECK else "turn")


def _pending(answer: ActionAnswer, awaiting: str) -> ActionAnswer:
    answer.pending = awaiting
    return answer


def _perpetual_claim_against(seated: Seated, verb: str) -> GameAction:
    waiting = pending_claim(seated.live)
    if waiting is None or waiting.kind != PERPETUAL_CHECK:
        raise Refusal(CONFLICT, "action", f"there is no perpetual-check claim to {verb}")
    if waiting.seat == seated.seat:
        raise Refusal(CONFLICT, "action", f"you cannot {verb} your own claim")
    return waiting


def _concede(seated: Seated) -> ActionAnswer:
    """The opponent concedes: the checking player wins by perpetual check (scored by the event's profile)."""
    waiting = _perpetual_claim_against(seated, "concede")
    close(seated.live, waiting, GameAction.Status.ACCEPTED, seated.now, "conceded by the opponent")
    return finish(seated, result="1/2-1/2", termination=PERPETUAL_CHECK, checking_side=waiting.army)


def _refuse(seated: Seated) -> ActionAnswer:
    waiting = _perpetual_claim_against(seated, "refuse")
    if waiting.status == GameAction.Status.ARBITER:
        raise Refusal(CONFLICT, "action", "the claim is already with the arbiter")
    waiting.status, waiting.note = GameAction.Status.ARBITER, "refused by the opponent"
    waiting.save(update_fields=["status", "note"])
    return _pending(changed(seated), "arbiter")


__all__ = ["CLAIM_ACTIONS", "CLAIM_KINDS", "claim", "gives_check"]
