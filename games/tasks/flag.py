"""Flag fall without any client: a task due at the earliest instant a flag could fall.

A game's first move (and every arbiter clock change) schedules :func:`check_flag_task` with ``eta`` = the clock's
``earliest_flag``: a lower bound on every flag fall to come, whatever moves are played, so later moves need not
schedule anything (``games.play.flags.after_commit``). When the task runs it ends the game if the flag has fallen
(:func:`games.play.flags.check_flag`, under the row lock) and otherwise schedules itself again for the bound as
of then: one pending task per game, moved on by itself, instead of a queued task for every move. Running it
twice, early or late is harmless: the locked re-check decides. :func:`sweep_flags` is a periodic safety net
for lost tasks.

The service queues this task by name (``games.play.flags.FLAG_TASK``): this module imports the service, never
the other way round.
"""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError
from django.utils import timezone

from games.play.flags import FLAG_TASK, check_flag, flag_check_due, schedule_flag_check
from record.game_states import FLAG, allows, state_of
from tournaments.models import Game


@shared_task(name=FLAG_TASK, autoretry_for=(OperationalError,), retry_backoff=True, max_retries=5)
def check_flag_task(game_id: int, due: str | None = None) -> str:
    """End game ``game_id`` on time if its flag has fallen, else check again at the next bound; returns what it
    found (for logs and tests). ``due`` is the instant it was scheduled for (informational)."""
    now = timezone.now()
    for _ in range(2):
        columns = ("status", "result_status", "result", "flag_deadline", "clock")
        row = Game.objects.filter(pk=game_id).order_by().values(*columns).first()
        if row is None:
            return "gone"
        if row["status"] == Game.Status.FINISHED:
            return "finished"
        if not allows(state_of(row["status"], row["result_status"], row["result"]), FLAG):
            return "settling"  # reported or disputed (docs/game-states.md): no flag falls; the arbiter decides
        deadline = row["flag_deadline"]
        if deadline is None or deadline > now:
            break
        if check_flag(game_id, now):
            return "flagged"
        # A move came in between the read and the lock: read the new state and re-arm from it.
    next_check = flag_check_due(row["clock"], now) if row["clock"] else None
    if next_check is None:
        return "no-deadline"  # nothing runs (paused, untimed): resuming the clock schedules a new check
    schedule_flag_check(game_id, next_check)
    return "rearmed"


@shared_task(name="games.sweep_flags")
def sweep_flags(limit: int = 500) -> int:
    """End every live game whose flag deadline has passed (a periodic safety net); returns how many ended."""
    now = timezone.now()
    overdue = (
        # In play only (docs/game-states.md): a live game reported or disputed waits for people, not for its flag.
        Game.objects.filter(status=Game.Status.LIVE, result_status=Game.ResultStatus.NONE, flag_deadline__lte=now)
        .order_by("flag_deadline")
        .values_list("pk", flat=True)[:limit]
    )
    return sum(check_flag(pk, now) for pk in overdue)
