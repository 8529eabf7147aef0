"""The arbiter's decision on a perpetual-check claim the opponent did not concede (from the admin).

Upheld, the game ends by perpetual check in favour of the checking army (scored by the event's profile: seed 002's
52-48 or 55-45 under dynamic scoring); rejected, play goes on. Either way the players' sockets hear of it.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

import tournaments.services.audit as log
from games.models import GameAction
from games.play.ending import end_off_board
from games.play.engines import take_engine
from games.play.flags import after_commit
from games.play.game_clock import load_clock
from games.play.live_game import LiveGame
from games.play.pending import WAITING, close
from games.play.store import lock_game
from games.push import push_game_after_commit
from record.game_states import PLAY, refusal
from record.refusals import CONFLICT, FORBIDDEN, NOT_FOUND, Refusal
from tournaments.models import Game
from tournaments.services.events import is_arbiter
from variants.base import PERPETUAL_CHECK


def decide_perpetual_claim(action_id: int, *, uphold: bool, by, note: str = "", now: datetime | None = None) -> Game:
    """Uphold or reject a waiting perpetual-check claim as ``by`` (an arbiter of the event); raises Refusal."""
    now = now or timezone.now()
    with transaction.atomic():
        action = GameAction.objects.select_related("game").filter(pk=action_id).first()
        if action is None or action.kind != PERPETUAL_CHECK:
            raise Refusal(NOT_FOUND, "claim", "no such perpetual-check claim")
        game = lock_game(action.game_id)
        if not is_arbiter(by, game.round.event):
            raise Refusal(FORBIDDEN, "claim", "only the event's arbiters, its organizer and staff decide claims")
        action = GameAction.objects.select_for_update().get(pk=action_id)  # decided once, even if two arbiters click
        if action.status not in WAITING:
            raise Refusal(CONFLICT, "claim", f"the claim is already {action.get_status_display().lower()}")
        refused = refusal(game.state, PLAY)  # docs/game-states.md: a ruling is play, refused once the game is settled
        if refused is not None:
            raise Refusal(CONFLICT, "claim", refused)
        verdict = "upheld by the arbiter" if uphold else "rejected by the arbiter: play on"
        rnd = game.round
        log.audit(rnd.event, log.CLAIM_DECIDED, f"Round {rnd.number} board {game.board}: {action.army}'s perpetual-check "
                  f"claim {verdict}", by=by, round=rnd, after={"board": game.board, "upheld": uphold})  # fmt: skip
        close(
            LiveGame(game),
            action,
            GameAction.Status.ACCEPTED if uphold else GameAction.Status.DECLINED,
            now,
            note or verdict,
            by=by,
        )
        engine = take_engine(game)
        if uphold:
            game = end_off_board(
                game, engine, load_clock(game), now, result="1/2-1/2", termination=PERPETUAL_CHECK, checking_side=action.army
            )
            after_commit(game, None, now)
        else:
            game.version += 1
            game.save(update_fields=["version"])
            after_commit(game, engine, now)
        push_game_after_commit(game, now)
        return game
