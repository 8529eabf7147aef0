"""Flag fall without any client: a task scheduled for the instant a flag would fall.

Every move (or arbiter correction) stores ``Game.flag_deadline`` and, after commit, schedules
:func:`check_flag_task` with ``eta`` = that deadline. When it runs, the task does nothing if the game is over
or the deadline has moved (a later move scheduled its own task); otherwise it re-checks the clock under the
row lock (:func:`games.live.check_flag`) and ends the game on time. Running it twice, early or late is
harmless: the locked re-check decides. :func:`sweep_flags` is a periodic safety net for lost tasks.

Without a broker (development, eager tests) nothing is scheduled: an eager task would run at once, before the
deadline; every read of the game checks the clock instead.
"""

from __future__ import annotations

from datetime import datetime

from celery import shared_task
from django.db import OperationalError
from django.utils import timezone

# A task delivered this much before its eta (clock skew between hosts) is rescheduled rather than run.
EARLY_TOLERANCE_SECONDS = 0.0


def schedule_flag_check(game_id: int, deadline: datetime) -> None:
    """Queue the flag check of ``game_id`` for ``deadline`` (call after commit)."""
    from config.celery import app

    if app.conf.task_always_eager:
        return
    check_flag_task.apply_async(args=[game_id, deadline.isoformat()], eta=deadline)


@shared_task(name="games.check_flag", autoretry_for=(OperationalError,), retry_backoff=True, max_retries=5)
def check_flag_task(game_id: int, deadline: str | None = None) -> str:
    """End game ``game_id`` on time if its flag has fallen; returns what it found (for logs and tests)."""
    from games.live import check_flag
    from games.models import Game

    row = Game.objects.filter(pk=game_id).order_by().values("status", "flag_deadline").first()
    if row is None:
        return "gone"
    if row["status"] == Game.Status.FINISHED:
        return "finished"
    current = row["flag_deadline"]
    if current is None:
        return "no-deadline"
    if deadline is not None and current != datetime.fromisoformat(deadline):
        return "moved"
    now = timezone.now()
    if current > now:
        # Delivered early: wait for the real deadline (same deadline, so a duplicate is harmless).
        check_flag_task.apply_async(args=[game_id, current.isoformat()], eta=current)
        return "early"
    return "flagged" if check_flag(game_id, now) else "running"


@shared_task(name="games.sweep_flags")
def sweep_flags(limit: int = 500) -> int:
    """End every live game whose flag deadline has passed (a periodic safety net); returns how many ended."""
    from games.live import check_flag
    from games.models import Game

    now = timezone.now()
    overdue = (
        Game.objects.filter(status=Game.Status.LIVE, flag_deadline__lte=now)
        .order_by("flag_deadline")
        .values_list("pk", flat=True)[:limit]
    )
    return sum(check_flag(pk, now) for pk in overdue)
